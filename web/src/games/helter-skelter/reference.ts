// Helter Skelter's part of the rules reference (GameUi.reference): the rules, the board's legend,
// the glossary and the terms its words print; and which section fits what the game asks now.

import type { GameReference } from '../game-ui.ts';
import { loadContent, type HelterSkelterGame as Game } from './api.ts';
import { contentGlossary, HELTER_SKELTER_GLOSSARY } from './glossary.ts';
import { HELTER_SKELTER_LEGEND } from './legend.tsx';
import { HELTER_SKELTER_RULES } from './rules.ts';
import { TERMS } from './words.ts';

export const HELTER_SKELTER_REFERENCE: GameReference = {
  rules: HELTER_SKELTER_RULES,
  legend: HELTER_SKELTER_LEGEND,
  glossary: HELTER_SKELTER_GLOSSARY,
  terms: Object.values(TERMS),
  contentGlossary: async () => contentGlossary(await loadContent()),
};

const solo = (game: Game) => game.view.solo !== undefined;

/** The section for the situation the game is in: the defence rules during a defence, and so on. */
export function rulesSection(game: Game): string | null {
  const situation = game.view.situation;
  switch (situation.kind) {
    case 'defence':
      return 'defence';
    case 'interrupt':
      return 'interrupt';
    case 'target':
      return 'solo-turn';
    case 'setup':
      return solo(game) ? 'solo' : 'setup';
    case 'turn':
      return game.awaiting.some((awaited) => awaited.seat === game.mySeat) ? 'turn' : solo(game) ? 'solo-turn' : 'turn';
    case 'over':
      return 'end';
  }
}
