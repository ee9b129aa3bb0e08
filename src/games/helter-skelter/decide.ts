// decide: is this command legal now, and what happens? The platform's decider (src/platform/
// decider.ts) parses it, checks what every command shares (the seat, the game is on, the window it
// answers is still open) and turns a RuleError into a refusal. Here each command is routed to the
// rule that handles it, after the checks of its situation (it is this seat's moment), and the
// INTERRUPT window is opened once an action is complete or a turn declared ended. The rules report
// those moments (a combat action returns its attack once complete) rather than open the window
// themselves, because the window, when it closes, continues the turn (interrupts.ts → turn.ts), the
// turn asks legal.ts whether a seat could still act, and legal.ts asks every action and defence for
// its options: a rule that opened the window would import itself round that loop. This file sits
// above them all, so the arrows run one way (no-circular, .dependency-cruiser.mjs).

import { decider } from '../../platform/decider.ts';
import { check } from '../../platform/draft.ts';
import { collectFragment } from './actions/collect-fragment.ts';
import { decideTargeted, type TargetedAttack, type TargetedCommand } from './actions/combat.ts';
import { explode } from './actions/explode.ts';
import { fly } from './actions/fly.ts';
import { heal } from './actions/heal.ts';
import { melee } from './actions/melee.ts';
import { move } from './actions/move.ts';
import { psi } from './actions/psi.ts';
import { rally } from './actions/rally.ts';
import { shotgun } from './actions/shotgun.ts';
import { smash } from './actions/smash.ts';
import { snipe } from './actions/snipe.ts';
import { parseCommand } from './commands.ts';
import { defend, expireDefence, psiDiscard, takeDamage } from './defences.ts';
import type { Draft } from './draft.ts';
import { fold } from './evolve.ts';
import { claimInterrupt, expireInterruptWindow, openInterruptWindow, passInterrupt } from './interrupts.ts';
import { resign } from './resign.ts';
import { setOrders } from './set-orders.ts';
import { assignForLateSeats, assignStartingCards, removeMapCard } from './setup.ts';
import { chooseTarget, resolveDarkJudges } from './solo/dark-judges-turn.ts';
import { playedByRules, SOLO_DARK_SEAT, SOLO_PLAYER_SEAT } from './solo/seat.ts';
import { placeCharacters, placeCharactersByDefault } from './solo/setup.ts';
import { isOver } from './state.ts';
import { afterCloudOfDecay, declareEndOfTurn, deploy } from './turn.ts';
import type { Attack, Command, Seat } from './types.ts';

const TARGETED: Record<string, TargetedAttack> = { MELEE: melee, SMASH: smash, SNIPE: snipe, SHOTGUN: shotgun, PSI: psi };

export const decide = decider({
  fold,
  parse: parseCommand,
  seats: (s) => s.seats.length,
  expire,
  // Standing orders are a setting, not a move: any seat, at any moment, whoever is awaited (R34).
  orders: { command: 'SET_ORDERS', set: setOrders },
  play,
  // Solo: a turn of the Dark Judges' seat that has begun is played by the rules at once.
  after: playDarkJudges,
});

/** A deadline passed (the decider ignores one for a window no longer open). */
function expire(d: Draft): void {
  switch (d.state.situation.kind) {
    case 'setup':
      return d.state.solo ? placeCharactersByDefault(d) : assignForLateSeats(d);
    case 'turn':
      return endTurn(d, d.state.situation.actor, d.state.situation.interrupting, true);
    case 'defence':
      return afterAttack(d, expireDefence(d));
    case 'interrupt':
      return expireInterruptWindow(d);
    case 'target':
      // R54: the first of the equal candidates, in the player's roster order.
      if (chooseTarget(d, d.state.situation.candidates[0]!, 'deadline')) resumeDarkJudges(d);
      return;
  }
}

function play(d: Draft, seat: Seat, cmd: Command): void {
  const s = d.state;
  const sit = s.situation;

  // Solo: "All your characters begin the game deployed on the map": no starting cards to assign.
  if (cmd.type === 'ASSIGN_STARTING_CARDS' || cmd.type === 'REMOVE_MAP_CARD')
    check(!s.solo, 'SOLO_SETUP', 'In a solo game your characters are placed on the map cards drawn for them (PLACE_CHARACTERS).');
  switch (cmd.type) {
    case 'RESIGN':
      return resign(d, seat, { endTurn, play });
    case 'ASSIGN_STARTING_CARDS':
      check(sit.kind === 'setup', 'WRONG_SITUATION', 'Starting map cards are assigned during set-up only.');
      return assignStartingCards(d, seat, cmd);
    case 'PLACE_CHARACTERS':
      check(sit.kind === 'setup', 'WRONG_SITUATION', 'Characters are placed during set-up only.');
      return placeCharacters(d, seat, cmd);
    case 'REMOVE_MAP_CARD':
      check(sit.kind === 'setup', 'WRONG_SITUATION', 'A map card is removed during set-up only.');
      return removeMapCard(d, seat, cmd);
    case 'DEFEND':
    case 'TAKE_DAMAGE':
    case 'PSI_DISCARD':
      check(sit.kind === 'defence', 'WRONG_SITUATION', 'No defence is being asked for.');
      if (cmd.type === 'DEFEND') return afterAttack(d, defend(d, seat, cmd));
      if (cmd.type === 'TAKE_DAMAGE') return afterAttack(d, takeDamage(d, seat, cmd));
      return afterAttack(d, psiDiscard(d, seat, cmd));
    case 'CHOOSE_TARGET':
      check(sit.kind === 'target', 'WRONG_SITUATION', 'No Dark Judge is waiting for you to choose its target.');
      check(seat === SOLO_PLAYER_SEAT, 'NOT_YOUR_CHOICE', 'The player chooses the Dark Judges’ targets.');
      if (chooseTarget(d, cmd.character, 'player')) resumeDarkJudges(d);
      return;
    case 'CLAIM_INTERRUPT':
    case 'PASS_INTERRUPT':
      check(sit.kind === 'interrupt', 'WRONG_SITUATION', 'You can only INTERRUPT right after an action or an end of turn.');
      return cmd.type === 'CLAIM_INTERRUPT' ? claimInterrupt(d, seat, cmd) : passInterrupt(d, seat);
  }

  // Everything else is played in a turn, by its actor.
  check(sit.kind === 'turn', 'WRONG_SITUATION', 'That is played during a turn.');
  check(sit.actor === seat, 'NOT_YOUR_TURN', `It is seat ${sit.actor}'s turn.`);
  if (sit.mustDeploy)
    check(cmd.type === 'DEPLOY', 'MUST_DEPLOY_FIRST', 'Step 1 of your turn: deploy a character first.');
  switch (cmd.type) {
    case 'DEPLOY':
      return deploy(d, seat, cmd);
    case 'END_TURN':
      return endTurn(d, seat, sit.interrupting);
    case 'MOVE':
    case 'CLIMB':
      move(d, seat, cmd);
      break;
    case 'COLLECT_FRAGMENT':
      collectFragment(d, seat, cmd);
      break;
    case 'EXPLODE':
      return afterAttack(d, explode(d, seat, cmd));
    case 'FLY':
      fly(d, seat, cmd);
      break;
    case 'RALLY':
      rally(d, seat, cmd);
      break;
    case 'HEAL':
      heal(d, seat, cmd);
      break;
    default:
      // Combat actions with a defender complete once every defender is decided (defences.ts).
      return afterAttack(d, decideTargeted(TARGETED[cmd.type]!, d, seat, cmd as TargetedCommand));
  }
  // An action without defenders is complete at once: other players may now INTERRUPT.
  openInterruptWindow(d, seat, sit.interrupting, 'action');
}

/** "3. DECLARE END OF TURN" (turn.ts) — then other players may INTERRUPT. */
function endTurn(d: Draft, seat: Seat, interrupting: boolean, expired = false): void {
  declareEndOfTurn(d, seat, interrupting, expired);
  openInterruptWindow(d, seat, interrupting, 'endOfTurn');
}

/**
 * A combat action is complete once its last defender is decided and the damage dealt
 * (defences.ts returns the attack then, null before): other players may now INTERRUPT.
 */
function afterAttack(d: Draft, completed: Attack | null): void {
  if (!completed) return;
  // Cloud of Decay is no action: the turn it delayed begins (turn.ts).
  if (completed.turnOf) afterCloudOfDecay(d, completed);
  // Solo: a Dark Judge's attack is one step of a solo card, which goes on (no INTERRUPT within a card).
  else if (playedByRules(d.state, completed.seat)) resumeDarkJudges(d);
  else openInterruptWindow(d, completed.seat, completed.interrupting, 'action');
}

/**
 * Solo: the Dark Judges go on from their cursor (solo/dark-judges-turn.ts). Where a card is resolved
 * in full, or their turn has ended, the player may INTERRUPT: the window opens as after any action
 * or end of turn, and when it closes unclaimed their turn is taken up again (`playDarkJudges`) or
 * passes to the player.
 */
function resumeDarkJudges(d: Draft): void {
  const pause = resolveDarkJudges(d);
  if (pause !== null) openInterruptWindow(d, SOLO_DARK_SEAT, false, pause);
}

/** Solo: while a turn of the Dark Judges' seat has begun (or been taken up again), the rules play it. */
function playDarkJudges(d: Draft): void {
  for (;;) {
    const sit = d.state.situation;
    if (isOver(d.state) || sit.kind !== 'turn' || !playedByRules(d.state, sit.actor)) return;
    resumeDarkJudges(d);
  }
}
