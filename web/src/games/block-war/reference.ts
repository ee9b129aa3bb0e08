// Block War's part of the rules reference (GameUi.reference): the rules, the boards' legend, the
// glossary and the terms its words print; and which section fits what the game asks now.

import type { GameReference } from '../game-ui.ts';
import { loadBlockWar, type BlockWarGame } from './api.ts';
import { BLOCK_WAR_GLOSSARY, contentGlossary } from './glossary.ts';
import { BLOCK_WAR_LEGEND } from './legend.tsx';
import { BLOCK_WAR_RULES } from './rules.ts';
import { TERMS } from './words.ts';

export const BLOCK_WAR_REFERENCE: GameReference = {
  rules: BLOCK_WAR_RULES,
  legend: BLOCK_WAR_LEGEND,
  glossary: BLOCK_WAR_GLOSSARY,
  terms: Object.values(TERMS),
  contentGlossary: async () => contentGlossary((await loadBlockWar()).content),
};

export function rulesSection(game: BlockWarGame): string | null {
  const s = game.view.situation;
  switch (s.kind) {
    case 'roll':
    case 'place-block':
    case 'place-feature':
      return 'setup';
    case 'place-unit':
      return s.duringSetup ? 'setup' : 'turn';
    case 'turn':
      return s.step === 'activate' || s.step === 'independent' ? 'activation' : 'judges';
    case 'place-judge':
    case 'judge-target':
      return 'judges';
    case 'over':
      return 'end';
  }
}
