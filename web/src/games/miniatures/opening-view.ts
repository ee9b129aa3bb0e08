// How the table opens on a small screen: zoomed until the smallest base is big enough for its
// initials to be read, and centred on the models of the side whose move it is, where the play is.

import type { MiniaturesContent, MiniaturesGame } from './data.ts';

/** The CSS px a base's diameter opens at: its initials legible (the table is panned to reach it). */
export const MODEL_PX = 28;

/** The margin the table is drawn with around its edge (table-top.tsx's viewBox starts at −20). */
const MARGIN = 20;

export function smallestBase(content: MiniaturesContent): number {
  return Math.min(...content.profiles.map((profile) => profile.baseRadius));
}

/** The middle of the acting side's models on the table (else of every model), from the drawing's edge. */
export function playCentre(game: MiniaturesGame): { x: number; y: number } | null {
  // Both sides are awaited at a roll-off: then mine.
  const side = game.awaiting.find((awaited) => awaited.seat === game.mySeat)?.seat ?? game.awaiting[0]?.seat ?? game.mySeat;
  const standing = Object.values(game.view.models).filter((model) => !model.removed);
  const acting = standing.filter((model) => model.seat === side);
  const models = acting.length ? acting : standing;
  if (!models.length) return null;
  const sum = models.reduce((total, model) => ({ x: total.x + model.at.x, y: total.y + model.at.y }), { x: 0, y: 0 });
  return { x: sum.x / models.length + MARGIN, y: sum.y / models.length + MARGIN };
}
