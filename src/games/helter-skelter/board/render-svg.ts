// Draws a map's geometry as SVG, the way the printed board marks things (rulebook, "The Map"):
// white borders, yellow walls, magenta falls, double white lines around high ground, cover
// numbers in a black circle. A pure function of the geometry, so the picture cannot disagree
// with the rules.

import type { MapGeometry, Region } from './geometry.ts';
import { edgeIndex, regionAt, wallLookup } from './geometry.ts';

const CELL = 36;
const MARGIN = 28;
const TITLE = 34;
const LEGEND = 40;

const COLOURS = {
  background: '#1d1f24',
  ground: '#9aa3ad',
  cover: '#59616c',
  highGround: '#c9b27c',
  fall: '#2b1530',
  fallLine: '#ff2fb4',
  border: '#ffffff',
  wall: '#ffd400',
  ink: '#111111',
  faint: '#8b919a',
} as const;

function fillOf(region: Region): string {
  if (region.kind === 'fall') return COLOURS.fall;
  if (region.highGround) return COLOURS.highGround;
  if (region.cover) return COLOURS.cover;
  return COLOURS.ground;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Renders the map as a standalone SVG document. */
export function renderMapSvg(map: MapGeometry): string {
  const width = map.cols * CELL + 2 * MARGIN;
  const height = map.rows * CELL + 2 * MARGIN + TITLE + LEGEND;
  const x = (col: number) => MARGIN + col * CELL;
  const y = (row: number) => TITLE + MARGIN + row * CELL;
  const seg = (x1: number, y1: number, x2: number, y2: number) => `M${x1} ${y1}H${x2}V${y2}`;
  const walls = wallLookup(map);
  const out: string[] = [];

  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, sans-serif">`,
    `<title>${escapeXml(map.name)}</title>`,
    `<rect width="${width}" height="${height}" fill="${COLOURS.background}"/>`,
    `<text x="${MARGIN}" y="${TITLE - 6}" font-size="18" font-weight="bold" fill="#ffffff">${escapeXml(map.name)}</text>`,
  );

  // Grid coordinates, for whoever edits the art.
  const coords: string[] = [];
  for (let col = 0; col < map.cols; col++) {
    coords.push(`<text x="${x(col) + CELL / 2}" y="${y(0) - 8}">${col}</text>`);
  }
  for (let row = 0; row < map.rows; row++) {
    coords.push(`<text x="${MARGIN - 12}" y="${y(row) + CELL / 2 + 4}">${row}</text>`);
  }
  out.push(`<g font-size="10" fill="${COLOURS.faint}" text-anchor="middle">${coords.join('')}</g>`);

  // Region fills, one path per region.
  out.push('<g shape-rendering="crispEdges">');
  for (const region of map.regions) {
    const d = region.cells.map((c) => `M${x(c.col)} ${y(c.row)}h${CELL}v${CELL}h${-CELL}z`).join('');
    out.push(`<path d="${d}" fill="${fillOf(region)}"/>`);
  }
  out.push('</g>');

  // Borders between regions (and the map's outline), falls' outlines, high ground's second line.
  const borders: string[] = [];
  const fallLines: string[] = [];
  const highLines: string[] = [];
  const inset = 5;
  const edge = (
    a: number,
    b: number,
    line: string,
    towardsB: (d: number) => string,
    towardsA: (d: number) => string,
  ): void => {
    const ra = a >= 0 ? map.regions[a]! : null;
    const rb = b >= 0 ? map.regions[b]! : null;
    if (ra?.kind === 'fall' || rb?.kind === 'fall') fallLines.push(line);
    else borders.push(line);
    if (ra?.highGround && !rb?.highGround) highLines.push(towardsA(inset));
    if (rb?.highGround && !ra?.highGround) highLines.push(towardsB(inset));
  };
  for (let row = -1; row < map.rows; row++) {
    for (let col = -1; col < map.cols; col++) {
      const here = regionAt(map, row, col);
      const right = regionAt(map, row, col + 1);
      const below = regionAt(map, row + 1, col);
      if (row >= 0 && here !== right && (here >= 0 || right >= 0)) {
        const lx = x(col + 1);
        edge(
          here,
          right,
          seg(lx, y(row), lx, y(row + 1)),
          (d) => seg(lx + d, y(row), lx + d, y(row + 1)),
          (d) => seg(lx - d, y(row), lx - d, y(row + 1)),
        );
      }
      if (col >= 0 && here !== below && (here >= 0 || below >= 0)) {
        const ly = y(row + 1);
        edge(
          here,
          below,
          seg(x(col), ly, x(col + 1), ly),
          (d) => seg(x(col), ly + d, x(col + 1), ly + d),
          (d) => seg(x(col), ly - d, x(col + 1), ly - d),
        );
      }
    }
  }
  out.push(
    `<path d="${borders.join('')}" stroke="${COLOURS.border}" stroke-width="2" stroke-linecap="square" fill="none"/>`,
    `<path d="${highLines.join('')}" stroke="${COLOURS.border}" stroke-width="1.5" fill="none"/>`,
    `<path d="${fallLines.join('')}" stroke="${COLOURS.fallLine}" stroke-width="3" stroke-linecap="square" fill="none"/>`,
  );

  // Walls.
  const wallLines: string[] = [];
  for (let row = 0; row < map.rows; row++) {
    for (let col = 0; col < map.cols; col++) {
      if (walls[edgeIndex(map.cols, row, col, 'right')]) wallLines.push(seg(x(col + 1), y(row), x(col + 1), y(row + 1)));
      if (walls[edgeIndex(map.cols, row, col, 'bottom')]) wallLines.push(seg(x(col), y(row + 1), x(col + 1), y(row + 1)));
    }
  }
  out.push(`<path d="${wallLines.join('')}" stroke="${COLOURS.wall}" stroke-width="6" stroke-linecap="round" fill="none"/>`);

  // Designations: the numbered circle at each space's designation point.
  const labels: string[] = [];
  for (const region of map.regions) {
    const cx = x(region.point.col) + CELL / 2;
    const cy = y(region.point.row) + CELL / 2;
    if (region.kind === 'fall') {
      labels.push(
        `<text x="${cx}" y="${cy + 4}" font-size="10" font-style="italic" fill="${COLOURS.fallLine}">${escapeXml(region.label)}</text>`,
      );
      continue;
    }
    const [disc, ink] = region.cover ? [COLOURS.ink, '#ffffff'] : ['#ffffff', COLOURS.ink];
    const ring = region.highGround ? ` stroke="${COLOURS.ink}" stroke-width="2"` : ` stroke="#ffffff" stroke-width="1.5"`;
    labels.push(
      `<circle cx="${cx}" cy="${cy}" r="12" fill="${disc}"${ring}/>`,
      `<text x="${cx}" y="${cy + 5}" font-size="13" font-weight="bold" fill="${ink}">${region.designation}</text>`,
    );
  }
  out.push(`<g text-anchor="middle">${labels.join('')}</g>`);

  // Legend.
  const ly = y(map.rows) + MARGIN;
  const legend: [string, string, string][] = [
    ['ground', COLOURS.ground, COLOURS.border],
    ['cover', COLOURS.cover, COLOURS.border],
    ['high ground', COLOURS.highGround, COLOURS.border],
    ['fall', COLOURS.fall, COLOURS.fallLine],
    ['wall', COLOURS.background, COLOURS.wall],
  ];
  legend.forEach(([label, fill, stroke], i) => {
    const lx = MARGIN + i * 120;
    out.push(
      `<rect x="${lx}" y="${ly}" width="18" height="18" fill="${fill}" stroke="${stroke}" stroke-width="${label === 'wall' ? 4 : 2}"/>`,
      `<text x="${lx + 26}" y="${ly + 14}" font-size="13" fill="#ffffff">${label}</text>`,
    );
  });

  out.push('</svg>', '');
  return out.join('\n');
}
