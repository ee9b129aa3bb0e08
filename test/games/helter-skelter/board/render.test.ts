// The SVG drawing follows the printed map's conventions (rulebook, "Spaces", "Walls", "Cover",
// "High Ground", "Falls"), and the committed pictures in docs/maps are drawn from today's data.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { geometryFor, MAP_IDS, renderMapSvg } from '../../../../src/games/helter-skelter/board/index.ts';

describe.each(MAP_IDS)('drawing %s', (id) => {
  const map = geometryFor(id);
  const svg = renderMapSvg(map);

  // "The designation is the numbered circle on the space."
  it('draws every designation once, in a circle', () => {
    for (let s = 1; s <= 40; s++) expect(svg).toContain(`>${s}</text>`);
    expect(svg.match(/<circle /g)).toHaveLength(40);
  });

  // "Cover spaces have their number in a black circle."
  it('draws cover numbers in a black circle', () => {
    const cover = map.regions.filter((r) => r.cover).length;
    expect(svg.match(/<circle [^>]*fill="#111111"/g) ?? []).toHaveLength(cover);
  });

  // "Walls are marked with a yellow outline." "Falls are marked with a magenta outline."
  it('draws walls in yellow and falls in magenta', () => {
    expect(svg).toContain('stroke="#ffd400"');
    expect(svg.includes('fall 1')).toBe(map.regions.some((r) => r.kind === 'fall'));
  });

  // "Walls are marked with a yellow outline." "Falls are marked with a magenta outline." (Walls,
  // Falls)
  it('is the picture committed in docs/maps', () => {
    const committed = readFileSync(new URL(`../../../../docs/maps/${id}.svg`, import.meta.url), 'utf8');
    expect(committed).toBe(svg);
  });
});
