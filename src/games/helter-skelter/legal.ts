// Every command a seat could send now, as complete bodies (cards, targets and paths filled in).
// Each rule file lists its own options next to the checks that refuse the rest, so `decide`
// accepts exactly what is listed here (a property test holds both to it).

import { sidesOf, type Sides } from './actions/act.ts';
import { legalCollects } from './actions/collect-fragment.ts';
import { legalTargeted } from './actions/combat.ts';
import { legalExplodes } from './actions/explode.ts';
import { legalFlights } from './actions/fly.ts';
import { legalHeals } from './actions/heal.ts';
import { melee } from './actions/melee.ts';
import { legalMoves } from './actions/move.ts';
import { psi } from './actions/psi.ts';
import { legalRallies } from './actions/rally.ts';
import { shotgun } from './actions/shotgun.ts';
import { smash } from './actions/smash.ts';
import { snipe } from './actions/snipe.ts';
import { combinations, isInterruptCard } from './costs.ts';
import { defenceOptions, psiDiscards } from './defences.ts';
import { placementChoices } from './solo/placement-choices.ts';
import { SOLO_PLAYER_SEAT } from './solo/seat.ts';
import { charactersOf, startingCardCount } from './state.ts';
import type { Command, GameState, Seat } from './types.ts';

export function legalCommands(s: GameState, seat: Seat): Command[] {
  const sit = s.situation;
  if (sit.kind === 'over' || !s.seats[seat]) return [];
  // Every command listed here is built afresh for this answer, so the window is written into it
  // rather than into a copy.
  const inWindow = (commands: Command[]): Command[] => {
    for (const c of commands) (c as { windowId?: string }).windowId = sit.windowId;
    return commands;
  };
  switch (sit.kind) {
    case 'setup':
      if (s.solo) return inWindow(placementChoices(s, seat));
      return inWindow(s.setupDone.includes(seat) ? [] : [...startingCardChoices(s, seat), ...mapCardRemovals(s, seat)]);
    case 'turn':
      if (sit.actor !== seat) return [];
      return inWindow(sit.mustDeploy ? deployments(s, seat) : [...deployments(s, seat), ...actions(s, seat), { type: 'END_TURN' }]);
    case 'defence': {
      const out: Command[] = [];
      for (const d of sit.defenders) {
        if (d.choice.kind !== 'undecided' || s.characters[d.character]!.seat !== seat) continue;
        if (sit.attack.action === 'PSI') {
          const discards = psiDiscards(s, d.character);
          for (const card of discards) out.push({ type: 'PSI_DISCARD', character: d.character, card });
          // Asked with nothing to discard (asked whatever the hand holds, R14): take it.
          if (discards.length === 0) out.push({ type: 'TAKE_DAMAGE', character: d.character });
          continue;
        }
        for (const o of defenceOptions(s, sit.attack, d.character))
          out.push({ type: 'DEFEND', character: d.character, defence: o.defence, card: o.card });
        out.push({ type: 'TAKE_DAMAGE', character: d.character });
      }
      return inWindow(out);
    }
    case 'target':
      // Solo: the player picks among the equal targets (R54).
      return seat === SOLO_PLAYER_SEAT ? inWindow(sit.candidates.map((character): Command => ({ type: 'CHOOSE_TARGET', character }))) : [];
    case 'interrupt': {
      if (!sit.eligible.includes(seat) || String(seat) in sit.answers) return [];
      const claims = s.seats[seat]!.hand.filter(isInterruptCard).map((card): Command => ({ type: 'CLAIM_INTERRUPT', card }));
      return inWindow([...claims, { type: 'PASS_INTERRUPT' }]);
    }
  }
}

function startingCardChoices(s: GameState, seat: Seat): Command[] {
  const out: Command[] = [];
  for (const c of charactersOf(s, seat)) {
    if (c.startingCards.length > 0) continue;
    for (const cards of combinations(s.seats[seat]!.mapCards, startingCardCount(c)))
      out.push({ type: 'ASSIGN_STARTING_CARDS', character: c.id, cards });
  }
  return out;
}

/** Dark Judges: once every character has its card, one of the six left is removed. */
function mapCardRemovals(s: GameState, seat: Seat): Command[] {
  const own = s.seats[seat]!;
  if (own.mapCardRemoved !== false || charactersOf(s, seat).some((c) => c.startingCards.length === 0)) return [];
  return own.mapCards.map((card): Command => ({ type: 'REMOVE_MAP_CARD', card }));
}

/** Whether `seat` could deploy or take any action on a turn of its own in this position. */
export function couldActOnTurn(s: GameState, seat: Seat): boolean {
  if (deployments(s, seat).length > 0) return true;
  const sides = sidesOf(s, seat);
  return actionFamilies.some((family) => family(s, seat, sides).length > 0);
}

function deployments(s: GameState, seat: Seat): Command[] {
  return charactersOf(s, seat)
    .filter((c) => c.status === 'undeployed')
    .flatMap((c) => c.startingCards.map((space): Command => ({ type: 'DEPLOY', character: c.id, space })));
}

/** Each kind of action's legal commands, in the order `legalCommands` lists them. */
const actionFamilies: readonly ((s: GameState, seat: Seat, sides: Sides) => readonly Command[])[] = [
  legalMoves,
  legalCollects,
  ...[melee, smash, snipe, shotgun, psi].map((spec) => (s: GameState, seat: Seat, sides: Sides) => legalTargeted(spec, s, seat, sides) as Command[]),
  legalExplodes,
  legalFlights,
  legalRallies,
  legalHeals,
];

function actions(s: GameState, seat: Seat): Command[] {
  const sides = sidesOf(s, seat);
  return actionFamilies.flatMap((family) => family(s, seat, sides));
}
