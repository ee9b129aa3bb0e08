// The Miniatures part of the rules reference (GameUi.reference): the rules, the table's legend, the
// glossary and the terms its words print; and which section fits what the game asks now.

import type { GameReference } from '../game-ui.ts';
import { loadMiniatures, type MiniaturesGame } from './data.ts';
import { contentGlossary, MINIATURES_GLOSSARY } from './glossary.ts';
import { MINIATURES_LEGEND } from './legend.tsx';
import { MINIATURES_RULES } from './rules.ts';
import { TERMS } from './words.ts';

export const MINIATURES_REFERENCE: GameReference = {
  rules: MINIATURES_RULES,
  legend: MINIATURES_LEGEND,
  glossary: MINIATURES_GLOSSARY,
  terms: Object.values(TERMS),
  // Any scenario's table comes with the content: the glossary needs the content alone.
  contentGlossary: async () => contentGlossary((await loadMiniatures('barko-brothers')).content),
};

export function rulesSection(game: MiniaturesGame): string | null {
  switch (game.view.situation.kind) {
    case 'roll-off':
      return 'turn';
    case 'phase':
      return 'actions';
    case 'push-back':
      return 'melee';
    case 'over':
      return 'end';
  }
}
