// Solo "Setup", the map cards' part: "Find and remove all map cards with the multiplayer symbol.
// Shuffle all the remaining cards, draw the top one, and place one of your fragments of reality in
// the space designated. Then remove that card from the game. Repeat until you've placed all 5 of
// your fragments. If you are instructed to place a fragment in a space that is adjacent to a
// fragment that you have already placed, draw a new card instead. Remove the unused card from the
// game. Draw the top map card. Place Judge Death in the space designated and remove that card from
// the game. Repeat this process for Judge Fire, Judge Mortis, and Judge Fear (in that order). Draw
// the top map card. Place one of your characters in the space designated and remove that card from
// the game. Repeat until you've placed all your characters (in any order). Remove all the remaining
// map cards …"
//
// Pure: given the shuffled order of the map cards, where everything goes. Which of the player's
// characters takes which of `characterCards` is the player's choice ("in any order").

import type { Board, SpaceId } from '../board/board.ts';
import { MAP_CARDS } from '../content/index.ts';
import { SOLO_PLACEMENT_ORDER, type SoloJudge } from '../content/solo/solo-cards.ts';

export const SOLO_FRAGMENTS = 5;

export interface SoloPlacement {
  /** Where the player's five fragments lie, in the order placed. */
  fragments: SpaceId[];
  /** Cards drawn for a fragment but refused as adjacent to one already placed: removed unused. */
  refused: SpaceId[];
  /** Where each Dark Judge starts. */
  judges: Record<SoloJudge, SpaceId>;
  /** The next cards, one per character of the player's, in the order drawn. */
  characterCards: SpaceId[];
}

/** The map cards a solo game shuffles: every one without the multiplayer symbol. */
export const soloMapCards = (): SpaceId[] => MAP_CARDS.filter((c) => !c.multiplayer).map((c) => c.designation);

/** Lays out a solo game from the shuffled map cards `order` (top first) for a player with `characters` characters. */
export function soloPlacement(board: Board, order: readonly SpaceId[], characters: number): SoloPlacement {
  let next = 0;
  const draw = (): SpaceId => {
    const card = order[next++];
    if (card === undefined) throw new Error('solo set-up ran out of map cards');
    return card;
  };
  const fragments: SpaceId[] = [];
  const refused: SpaceId[] = [];
  while (fragments.length < SOLO_FRAGMENTS) {
    const card = draw();
    if (fragments.some((f) => board.adjacent(f).includes(card))) refused.push(card);
    else fragments.push(card);
  }
  const judges = {} as Record<SoloJudge, SpaceId>;
  for (const judge of SOLO_PLACEMENT_ORDER) judges[judge] = draw();
  const characterCards = Array.from({ length: characters }, draw);
  return { fragments, refused, judges, characterCards };
}
