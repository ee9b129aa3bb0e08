// Draws a scenario's table top-down as SVG from the same data the rules read: terrain polygons
// shaded by type and outlined by cover, each model's base at its deployment point. One SVG unit is
// a hundredth of an inch, so a client can lay a measuring tape over it in the rules' own units.

import type { Scenario, TerrainType } from './types.ts';

const FILL: Record<TerrainType, string> = { clear: '#b9c0c8', difficult: '#8f7a55', dangerous: '#7fbf3f', impassable: '#3a3f47' };
const STROKE = { none: 'none', light: '#e0e0e0', heavy: '#ffd400' } as const;
const FORCE_COLOURS = ['#1f4fa8', '#b3261e'];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderTableSvg(s: Scenario): string {
  const t = s.table;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${t.width} ${t.height}" width="${t.width / 4}" height="${t.height / 4}">`,
    `<title>${escapeXml(`${s.name}: ${t.name}`)}</title>`,
    `<rect x="0" y="0" width="${t.width}" height="${t.height}" fill="#d5d9de"/>`,
  ];
  for (const piece of t.terrain) {
    const points = piece.polygon.map((p) => `${p.x},${p.y}`).join(' ');
    out.push(
      `<polygon id="${escapeXml(piece.id)}" points="${points}" fill="${FILL[piece.type]}" stroke="${STROKE[piece.cover]}" stroke-width="8"><title>${escapeXml(`${piece.name}: ${piece.type}, ${piece.cover} cover`)}</title></polygon>`,
    );
  }
  s.forces.forEach((force, i) => {
    for (const m of force.models)
      out.push(`<circle id="${escapeXml(m.id)}" cx="${m.at.x}" cy="${m.at.y}" r="50" fill="${FORCE_COLOURS[i % FORCE_COLOURS.length]}"><title>${escapeXml(m.name)}</title></circle>`);
  });
  out.push('</svg>');
  return out.join('\n');
}
