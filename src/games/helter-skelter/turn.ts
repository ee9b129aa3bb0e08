// "Your turn": deploy, act, declare end of turn, draw and pass the active player marker. The
// INTERRUPT windows between the steps are not opened here but by decide.ts (see interrupts.ts), so
// this file, which asks legal.ts whether a seat could still act, never reaches back to them.

import { rngPosition, shuffle } from '../../platform/random.ts';
import { isInterruptCard } from './costs.ts';
import { declareAttack } from './defences.ts';
import { restoreArmour } from './specials/armour.ts';
import { cloudOfDecayAt } from './specials/cloud-of-decay.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { couldActOnTurn } from './legal.ts';
import { eliminationLeaders } from './damage.ts';
import { charactersOf, isOver, seatsAfter } from './state.ts';
import type { Attack, Deploy, GameState, Seat } from './types.ts';

const CARDS_DRAWN = 3;
const HAND_LIMIT = 7;

/** "1. DEPLOY A CHARACTER — If all your characters are deployed, skip this step." */
export function beginNormalTurn(d: Draft, seat: Seat): void {
  startTurn(d, seat, false);
}

/**
 * A turn starts, normal or interrupting. Cloud of Decay comes first: "If any character starts their
 * turn in the same space as Judge Mortis, they must make a DEFLECT or PRECOG defence or take 1
 * damage" — the turn begins once every such character is decided (`afterCloudOfDecay`).
 */
export function startTurn(d: Draft, seat: Seat, interrupting: boolean): void {
  const cloud = cloudOfDecayAt(d.state, seat);
  if (cloud) {
    const attack: Attack = {
      seat: cloud.source.seat,
      character: cloud.source.id,
      action: 'CLOUD_OF_DECAY',
      damage: 1,
      interrupting: false,
      turnOf: { seat, interrupting },
    };
    const done = declareAttack(d, attack, cloud.victims);
    if (done) afterCloudOfDecay(d, done);
    return;
  }
  emitTurnBegan(d, seat, interrupting);
}

function emitTurnBegan(d: Draft, seat: Seat, interrupting: boolean): void {
  const mustDeploy = !interrupting && charactersOf(d.state, seat).some((c) => c.status === 'undeployed');
  d.emit({ type: 'TurnBegan', windowId: d.nextWindowId(), seat, interrupting, mustDeploy });
}

/**
 * The Cloud of Decay's defenders are decided and its damage dealt: the turn it delayed begins. It is
 * no action, so no INTERRUPT window follows it (docs/rulings.md R43). A seat whose last character
 * it killed has no turn to take: its normal turn passes on (step 4), its interrupting turn returns
 * play to the active player.
 */
export function afterCloudOfDecay(d: Draft, attack: Attack): void {
  if (isOver(d.state) || !attack.turnOf) return;
  const { seat, interrupting } = attack.turnOf;
  if (!d.state.seats[seat]!.eliminated) emitTurnBegan(d, seat, interrupting);
  else if (interrupting) returnToActivePlayer(d);
  else finishNormalTurn(d, seat);
}

/** The actor takes up their turn again after a window closed unclaimed (a new turn clock starts). */
export function resumeTurn(d: Draft, seat: Seat, interrupting: boolean): void {
  d.emit({ type: 'TurnBegan', windowId: d.nextWindowId(), seat, interrupting, mustDeploy: false });
}

/**
 * "To deploy a character, reveal the map card underneath that character card. Place the figure on
 * the space with the same designation. Remove that map card from the game." Stealth: "place him on
 * the space designated by one of the cards. Remove both map cards from the game."
 */
export function deploy(d: Draft, seat: Seat, cmd: Deploy): void {
  const c = charactersOf(d.state, seat).find((x) => x.id === cmd.character);
  check(c, 'NOT_YOUR_CHARACTER', `${cmd.character} is not one of your characters.`);
  check(c.status === 'undeployed', 'ALREADY_DEPLOYED', `${cmd.character} is already deployed.`);
  check(
    c.startingCards.includes(cmd.space),
    'NOT_A_STARTING_SPACE',
    `${cmd.character} can only be deployed on ${c.startingCards.join(' or ')}.`,
  );
  d.emit({
    type: 'CharacterDeployed',
    seat,
    character: c.id,
    space: cmd.space,
    mapCards: c.startingCards.slice(),
  });
}

/**
 * "3. DECLARE END OF TURN" — then other players may INTERRUPT (decide.ts opens the window).
 * `expired`: the turn's deadline passed and the server ended it, which the log tells apart.
 */
export function declareEndOfTurn(d: Draft, seat: Seat, interrupting: boolean, expired = false): void {
  d.emit({ type: 'TurnEnded', seat, interrupting, ...(expired ? { expired: true as const } : {}) });
  restoreArmour(d);
}

/**
 * "4. DRAW CARDS AND PASS ACTIVE PLAYER MARKER TO YOUR LEFT — Draw three cards … If drawing three
 * cards would mean you had more than seven cards, stop drawing once you reach seven. If at any
 * point your deck runs out, shuffle your discard pile into a new deck. Pass the active player
 * marker to the player on your left."
 */
export function finishNormalTurn(d: Draft, seat: Seat): void {
  const drawn = d.state.seats[seat]!.eliminated ? 0 : drawCards(d, seat, CARDS_DRAWN);
  const next = seatsAfter(d.state, seat)[0];
  if (next === undefined) return;
  const quiet = !d.state.activitySinceMarker && drawn === 0;
  const quietTurns = quiet ? d.state.quietTurns + 1 : 0;
  if (isFrozen(d.state)) {
    d.emit({ type: 'GameEnded', winners: eliminationLeaders(d.state), reason: 'stalemate' });
    return;
  }
  d.emit({ type: 'MarkerPassed', seat: next, quietTurns });
  beginNormalTurn(d, next);
}

/**
 * R33: the game ends when no command could ever change the score. That is so when every
 * seat still in the game holds a full hand of seven, none of them an INTERRUPT card, with which it
 * can neither deploy nor take any action. Proof: nobody can act on a turn, so nobody can attack, so
 * no defence is ever asked; with no INTERRUPT card nobody can claim a window; so no card ever leaves
 * a hand, no hand drops below seven, no card is drawn ("stop drawing once you reach seven"), and
 * the position, hands and score stay as they are for ever. Players who merely pass or are absent
 * never end a game: absence is the clock's business.
 */
function isFrozen(s: GameState): boolean {
  // The hands first, for every seat: they almost always settle it, and asking whether a seat could
  // act means listing its actions, the costliest question the rules ask (it ran on every turn's end).
  const handsFrozen = s.seats.every((seat) => seat.eliminated || (seat.hand.length >= HAND_LIMIT && !seat.hand.some(isInterruptCard)));
  return handsFrozen && s.seats.every((seat, i) => seat.eliminated || !couldActOnTurn(s, i));
}

/** "When you declare end of turn, play returns to the active player." */
export function returnToActivePlayer(d: Draft): void {
  const active = d.state.activeSeat;
  // The active player's own end of turn was interrupted: it stands, so only step 4 is left.
  if (d.state.activeTurnEnded || d.state.seats[active]!.eliminated) finishNormalTurn(d, active);
  else resumeTurn(d, active, false);
}

/** Draws up to `count` cards, stopping at a full hand; returns how many were drawn. */
export function drawCards(d: Draft, seat: Seat, count: number): number {
  let total = 0;
  let batch: string[] = [];
  const flush = () => {
    if (batch.length > 0) d.emit({ type: 'CardsDrawn', seat, cards: batch });
    total += batch.length;
    batch = [];
  };
  for (let drawn = 0; drawn < count; drawn++) {
    const s = d.state.seats[seat]!;
    if (s.hand.length + batch.length >= HAND_LIMIT) break;
    if (s.deck.length === batch.length) {
      flush();
      if (!reshuffleIfEmpty(d, seat)) break;
    }
    batch.push(d.state.seats[seat]!.deck[batch.length]!);
  }
  flush();
  reshuffleIfEmpty(d, seat);
  return total;
}

/** "If at any point your deck runs out, shuffle your discard pile into a new deck." */
function reshuffleIfEmpty(d: Draft, seat: Seat): boolean {
  const s = d.state.seats[seat]!;
  if (s.deck.length > 0) return true;
  if (s.discard.length === 0) return false;
  const [order, rng] = shuffle(s.discard, d.state.rng);
  d.emit({ type: 'DeckReshuffled', seat, order, rng: rngPosition(rng) });
  return true;
}
