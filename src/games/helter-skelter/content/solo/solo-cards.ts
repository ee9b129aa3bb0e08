// The Dark Judges' solo cards ("Playing solo against the Dark Judges"): drawn for a Dark Judge's
// defence when the player attacks him, and two a turn to drive the Dark Judges. The text describes
// them without printing one, so all twenty are this project's reconstruction (docs/content.md):
// each lists, per Dark Judge in activation order, the actions he takes left to right — some marked
// (here `*`) to be passed on to the next living Dark Judge when he is dead — and one defence (BLOCK,
// DEFLECT or none) used when the card is drawn for an attacked Dark Judge. Edit freely; the content
// tests say whether the result is still well-formed.

import { deepFreeze } from '../teams/define.ts';

export const SOLO_ACTIONS = ['MOVE', 'MELEE', 'SMASH', 'SHOTS', 'SHOTGUN', 'EXPLODE'] as const;
export type SoloAction = (typeof SOLO_ACTIONS)[number];
export type SoloDefence = 'BLOCK' | 'DEFLECT';

/**
 * "Always activate Judge Fire first, followed by Judge Fear, Judge Mortis, and finally Judge Death."
 * Also the order of a card's rows ("Starting with the top row").
 */
export const SOLO_ACTIVATION_ORDER = ['judge-fire', 'judge-fear', 'judge-mortis', 'judge-death'] as const;
export type SoloJudge = (typeof SOLO_ACTIVATION_ORDER)[number];

/** Solo "Setup": "Place Judge Death in the space designated … Repeat this process for Judge Fire, Judge Mortis, and Judge Fear (in that order)." */
export const SOLO_PLACEMENT_ORDER: readonly SoloJudge[] = ['judge-death', 'judge-fire', 'judge-mortis', 'judge-fear'];

export interface SoloStep {
  action: SoloAction;
  /** Marked to be taken by the next living Dark Judge when this one is dead ("Dead Judges"). */
  passOn: boolean;
}

export interface SoloCard {
  /** `solo-01` … `solo-20`. */
  id: string;
  /** Per Dark Judge, in activation order: the actions to resolve left to right (possibly none). */
  rows: Readonly<Record<SoloJudge, readonly SoloStep[]>>;
  /** The defence the card shows: the attacked Dark Judge avoids the damage if it is the appropriate one. */
  defence: SoloDefence | null;
}

type Row = string;

/** `solo('solo-01', 'BLOCK', 'MOVE SHOTS*', …)`: one row per Dark Judge in activation order; `*` marks a step passed on. */
function solo(id: string, defence: SoloDefence | null, fire: Row, fear: Row, mortis: Row, death: Row): SoloCard {
  const steps = (row: Row): SoloStep[] =>
    row
      .split(' ')
      .filter((w) => w.length > 0)
      .map((w) => {
        const action = w.replace('*', '') as SoloAction;
        if (!SOLO_ACTIONS.includes(action)) throw new Error(`${id}: unknown solo action ${w}`);
        return { action, passOn: w.endsWith('*') };
      });
  return { id, defence, rows: { 'judge-fire': steps(fire), 'judge-fear': steps(fear), 'judge-mortis': steps(mortis), 'judge-death': steps(death) } };
}

// Judge Fire burns from afar (SHOTS, SHOTGUN, EXPLODE); Fear and Mortis close in; Death closes in
// and strikes hardest. Seven BLOCK, seven DEFLECT, six without a defence. Most cards activate one
// Dark Judge, two activate two ("resolve any actions listed next to their symbol": a row may list
// none): with every row filled, the heuristic bot won none of 1,000 games, its characters dying
// within seven Dark Judges' turns; with these it wins about one game in eight, the random player
// almost never (docs/content.md, "The solo cards"). Each row kept is the one this reconstruction
// had before, so each Dark Judge still fights as he did.
export const SOLO_CARDS: readonly SoloCard[] = deepFreeze([
  solo('solo-01', 'BLOCK', 'MOVE SHOTS*', 'MOVE', '', ''),
  solo('solo-02', 'DEFLECT', '', 'MOVE MELEE*', '', ''),
  solo('solo-03', null, '', '', 'SMASH*', ''),
  solo('solo-04', 'BLOCK', '', '', '', 'SMASH*'),
  solo('solo-05', 'DEFLECT', 'SHOTS', '', '', ''),
  solo('solo-06', null, '', 'MOVE MELEE', '', ''),
  solo('solo-07', 'BLOCK', '', '', 'MOVE SMASH*', ''),
  solo('solo-08', 'DEFLECT', '', '', '', 'MOVE MELEE*'),
  solo('solo-09', null, 'SHOTS*', '', '', ''),
  solo('solo-10', 'BLOCK', '', 'MOVE MELEE*', '', ''),
  solo('solo-11', 'DEFLECT', 'EXPLODE', '', '', ''),
  solo('solo-12', null, 'MOVE SHOTS', 'MELEE*', '', ''),
  solo('solo-13', 'BLOCK', '', '', '', 'MOVE MELEE'),
  solo('solo-14', 'DEFLECT', '', '', 'MOVE SMASH*', ''),
  solo('solo-15', null, '', '', '', 'MOVE MOVE'),
  solo('solo-16', 'BLOCK', 'MOVE EXPLODE*', '', '', ''),
  solo('solo-17', 'DEFLECT', 'SHOTGUN', '', '', ''),
  solo('solo-18', null, '', '', '', 'MELEE*'),
  solo('solo-19', 'BLOCK', '', '', 'MOVE MELEE', ''),
  solo('solo-20', 'DEFLECT', '', 'MELEE*', '', ''),
]);

export function soloCardById(id: string): SoloCard | undefined {
  return SOLO_CARDS.find((c) => c.id === id);
}
