// The game's static content as the platform contract asks for it (GameModule.content): the
// content document, each map's document and picture, and their schemas. Built on demand; the
// API calls it once, at start-up.

import type { GameContent } from '../../../platform/game-module.ts';
import { geometryFor, MAP_IDS, renderMapSvg } from '../board/index.ts';
import { contentDocument } from './content-document.ts';
import { contentSchema } from './content-schema.ts';
import { mapDocument } from './map-document.ts';
import { mapSchema } from './map-schema.ts';

export function gameContent(): GameContent {
  return {
    content: contentDocument(),
    contentSchema,
    maps: MAP_IDS.map((id) => ({ id, data: mapDocument(id), svg: renderMapSvg(geometryFor(id)) })),
    mapSchema,
  };
}
