// Draws both maps from their geometry into docs/maps/<mapId>.svg.
// Run: npx tsx scripts/render-maps.ts

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boardFor, geometryFor, MAP_IDS, renderMapSvg } from '../src/games/helter-skelter/board/index.ts';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'maps');
mkdirSync(outDir, { recursive: true });

for (const id of MAP_IDS) {
  const map = geometryFor(id);
  const board = boardFor(id);
  const file = join(outDir, `${id}.svg`);
  writeFileSync(file, renderMapSvg(map));
  const falls = map.regions.filter((r) => r.kind === 'fall').length;
  const cover = board.spaces.filter((s) => board.isCover(s)).length;
  const high = board.spaces.filter((s) => board.isHighGround(s)).length;
  console.log(
    `${id}: ${board.spaces.length} spaces, ${cover} cover, ${high} high ground, ${falls} falls, ` +
      `${map.walls.length} wall edges -> ${file}`,
  );
}
