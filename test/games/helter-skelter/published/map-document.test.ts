// A map document (GET /v1/games/helter-skelter/maps/{map}) says what the board the rules use
// says: the same spaces, adjacency, line of sight, cover, high ground, walls and falls; falls get
// ids that are unique, name what the SVG labels, and agree wherever else falls are named.

import { describe, expect, it } from 'vitest';
import { boardFor, geometryFor, MAP_IDS, renderMapSvg, sightLine } from '../../../../src/games/helter-skelter/board/index.ts';
import { mapDocument } from '../../../../src/games/helter-skelter/published/map-document.ts';
import { mapSchema } from '../../../../src/games/helter-skelter/published/map-schema.ts';
import { schemaErrors } from './schema-check.ts';

const FALLS = { 'dan-tanna-enid-blyton': 5, 'grand-hall-of-justice': 0 } as const;

describe.each(MAP_IDS)('the map document of %s', (id) => {
  const doc = mapDocument(id);
  const board = boardFor(id);
  const map = geometryFor(id);
  const fallIds = doc.falls.map((f) => f.id);

  it('fits its schema exactly: every field documented, none missing', () => {
    expect(schemaErrors(mapSchema, doc)).toEqual([]);
  });

  it('says it is reconstructed, and where to read why', () => {
    expect(doc.reconstructed).toBe(true);
    expect(doc.note).toContain('docs/maps.md');
  });

  it('lists the 40 spaces views name, with the board’s cover, high ground and adjacency', () => {
    expect(doc.spaces.map((s) => s.designation)).toEqual([...board.spaces]);
    expect(doc.spaces).toHaveLength(40);
    for (const s of doc.spaces) {
      expect(s.cover).toBe(board.isCover(s.designation));
      expect(s.highGround).toBe(board.isHighGround(s.designation));
      expect(s.adjacent).toEqual([...board.adjacent(s.designation)]);
      for (const t of s.adjacent) expect(doc.spaces[t - 1]!.adjacent).toContain(s.designation);
    }
    expect(doc.cover).toEqual(doc.spaces.filter((s) => s.cover).map((s) => s.designation));
    expect(doc.highGround).toEqual(doc.spaces.filter((s) => s.highGround).map((s) => s.designation));
  });

  it('gives each space the board’s line of sight, itself included', () => {
    for (const s of doc.spaces) {
      expect(s.sees).toEqual(board.spaces.filter((t) => board.hasLineOfSight(s.designation, t)));
      expect(s.sees).toContain(s.designation);
    }
  });

  it('covers every cell of the map once, by a space or a fall, with each designation point inside its space', () => {
    const seen = new Map<string, string>();
    for (const region of [...doc.spaces.map((s) => ({ name: String(s.designation), ...s })), ...doc.falls.map((f) => ({ name: f.id, ...f }))]) {
      for (const c of region.cells) {
        const key = `${c.row},${c.col}`;
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${region.name}`).toBeUndefined();
        seen.set(key, region.name);
      }
      expect(region.cells).toContainEqual(region.point);
    }
    const onMap = map.cellRegion.filter((r) => r >= 0).length;
    expect(seen.size).toBe(onMap);
    for (const key of seen.keys()) {
      const [row, col] = key.split(',').map(Number) as [number, number];
      expect(row < doc.grid.rows && col < doc.grid.cols).toBe(true);
    }
  });

  it('gives every fall a unique id, `fall-<n>` in reading order, naming what the SVG labels', () => {
    expect(doc.falls).toHaveLength(FALLS[id]);
    expect(fallIds).toEqual(doc.falls.map((_, i) => `fall-${i + 1}`));
    const svg = renderMapSvg(map);
    for (const fall of doc.falls) {
      expect(fall.label).toBe(fall.id.replace('-', ' '));
      expect(svg).toContain(`>${fall.label}</text>`);
    }
  });

  it('names falls the way line of sight names them', () => {
    // Sight lines are the only other place a fall is named (board/sight.ts, by label); views and
    // commands never name one.
    const labels = new Set(doc.falls.map((f) => f.label));
    for (const s of board.spaces) for (const t of board.spaces) for (const crossed of sightLine(id, s, t).falls) expect(labels.has(crossed)).toBe(true);
  });

  it('makes falls count as a space between the spaces they border (SHOTGUN range, FLY)', () => {
    for (const fall of doc.falls) {
      expect(fall.adjacent.length).toBeGreaterThan(0);
      for (const a of fall.adjacent) for (const b of fall.adjacent) if (a !== b) expect(board.distance(a, b)).toBeLessThanOrEqual(2);
    }
  });

  it('lists every wall edge of the map once, between the two regions it separates', () => {
    const edges = doc.walls.flatMap((w) => w.edges);
    expect(edges).toHaveLength(map.walls.length);
    expect(new Set(edges.map((e) => `${e.row},${e.col},${e.side}`)).size).toBe(edges.length);
    expect([...edges].sort(byEdge)).toEqual([...map.walls].map((e) => ({ ...e })).sort(byEdge));
    for (const wall of doc.walls) {
      expect(wall.spaces.length + wall.falls.length).toBe(2);
      for (const f of wall.falls) expect(fallIds).toContain(f);
    }
  });

  it('marks a wall whole exactly when the two spaces it separates are not adjacent', () => {
    for (const wall of doc.walls.filter((w) => w.spaces.length === 2)) {
      const [a, b] = wall.spaces as [number, number];
      expect(wall.whole, `${a}|${b}`).toBe(!board.adjacent(a).includes(b));
    }
    for (const wall of doc.walls.filter((w) => w.spaces.length === 1 && w.whole)) {
      const fall = doc.falls.find((f) => f.id === wall.falls[0]);
      expect(fall?.adjacent).not.toContain(wall.spaces[0]);
    }
  });
});

function byEdge(a: { row: number; col: number; side: string }, b: { row: number; col: number; side: string }): number {
  return a.row - b.row || a.col - b.col || a.side.localeCompare(b.side);
}
