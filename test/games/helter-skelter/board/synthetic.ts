// Small made-up maps for testing the parser and the geometry: 40 one-cell spaces in a 4 × 10
// grid, designations in reading order, plus a column of falls (or off-map cells) on the right.

import type { MapSource } from '../../../../src/games/helter-skelter/content/maps/source.ts';

/** Rows of tokens, 4 × 11: spaces 01–40 then one fall (`..`) per row. */
export function gridTokens(lastColumn = '..'): string[][] {
  return Array.from({ length: 4 }, (_, row) => [
    ...Array.from({ length: 10 }, (_, col) => String(row * 10 + col + 1).padStart(2, '0')),
    lastColumn,
  ]);
}

/** Writes token rows as art (no walls). */
export function art(rows: readonly (readonly string[])[]): string {
  return '\n' + rows.map((r) => '    ' + r.join(' ')).join('\n\n') + '\n';
}

/** A valid Dan Tanna–style source (falls, no high ground) to break in one way per test. */
export function danSource(overrides: Partial<MapSource> = {}): MapSource {
  return { id: 'dan-tanna-enid-blyton', name: 'Test', art: art(gridTokens()), cover: [], highGround: [], ...overrides };
}

/** A valid Grand Hall–style source (high ground, no falls). */
export function hallSource(overrides: Partial<MapSource> = {}): MapSource {
  return {
    id: 'grand-hall-of-justice',
    name: 'Test',
    art: art(gridTokens('##')),
    cover: [],
    highGround: [1],
    ...overrides,
  };
}
