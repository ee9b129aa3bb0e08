// The two maps' authoring sources, by id. Reconstructions: see docs/maps.md.

import type { MapId } from '../../board/board.ts';
import { danTannaEnidBlyton } from './dan-tanna-enid-blyton.ts';
import { grandHallOfJustice } from './grand-hall-of-justice.ts';
import type { MapSource } from './source.ts';

export type { MapSource } from './source.ts';

export const MAP_SOURCES: Readonly<Record<MapId, MapSource>> = {
  'dan-tanna-enid-blyton': danTannaEnidBlyton,
  'grand-hall-of-justice': grandHallOfJustice,
};
