// DEFENCES — "Certain combat actions will trigger an opportunity for players to make a defence. To
// do so, players must discard the card with the appropriate action symbol, just as when taking a
// combat action (so it must be wild or linked to the defending character)." Each defender is
// decided on its own, in any order (docs/architecture.md §4; docs/rulings.md R14); the action
// completes when all are.
//
// Every command here returns the attack once it is complete (null while a defender is still to
// decide), and decide.ts then opens the INTERRUPT window. This file does not open it itself: the
// window continues the turn, and the turn asks legal.ts, which asks this file for the defences a
// seat could make, so the files would import each other in a circle.

import { boardFor } from './board/index.ts';
import { DEFENCES_AGAINST } from './defence-breakdown.ts';
import { playedByRules } from './solo/seat.ts';
import { decideBySoloCard } from './solo/draw.ts';
import { cardById } from './content/index.ts';
import { paysAction, showsCharacter } from './costs.ts';
import { dealDamageToAll } from './damage.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { defenceOrderFor } from './orders.ts';
import { hasSpecial, symbolFor } from './state.ts';
export { DEFENCES_AGAINST };

import type {
  Attack,
  CardId,
  CharacterId,
  CharacterState,
  Defence,
  Defend,
  GameState,
  PsiDiscard,
  Seat,
  TakeDamage,
} from './types.ts';

/** Whether `card` pays for `defence` by this defender. */
export function paysDefence(s: GameState, defence: Defence, card: CardId, c: CharacterState): boolean {
  switch (defence) {
    // "BLOCK — Cost: 1 card with the MELEE symbol (wild or linked)". Berserk: "Warp-Sláine may
    // never make the BLOCK defence."
    case 'BLOCK':
      return !hasSpecial(c, 'berserk') && paysAction(card, 'MELEE', c);
    // "DEFLECT — Cost: 1 card with the DEFLECT symbol (wild or linked)"
    case 'DEFLECT':
      return paysAction(card, 'DEFLECT', c);
    // "PRECOG — Cost: 1 card with the PSI symbol (linked)"
    case 'PRECOG':
      return cardById(card).action === 'PSI' && cardById(card).linkedTo === symbolFor(c);
    // "COVER — … and is on a cover space"
    case 'COVER':
      return c.space !== null && boardFor(s.map).isCover(c.space) && paysAction(card, 'COVER', c);
  }
}

export interface DefenceOption {
  defence: Defence;
  card: CardId;
}

/** Every defence this defender's owner could make against the attack, card by card. */
export function defenceOptions(s: GameState, attack: Attack, defenderId: CharacterId): DefenceOption[] {
  const c = s.characters[defenderId]!;
  const options: DefenceOption[] = [];
  for (const card of s.seats[c.seat]!.hand)
    for (const defence of DEFENCES_AGAINST[attack.action])
      if (paysDefence(s, defence, card, c)) options.push({ defence, card });
  return options;
}

/** PSI — "The defender must discard a card with the defender's character symbol." */
export function psiDiscards(s: GameState, defenderId: CharacterId): CardId[] {
  const c = s.characters[defenderId]!;
  return s.seats[c.seat]!.hand.filter((card) => showsCharacter(card, c));
}

/**
 * Names the defenders. Those whose owner's standing orders decide for them (R35) are decided at
 * once, in the order named; the others are asked (R14). Returns the attack if that completed it.
 */
export function declareAttack(d: Draft, attack: Attack, defenders: CharacterId[]): Attack | null {
  d.emit({ type: 'AttackDeclared', windowId: d.nextWindowId(), attack, defenders });
  for (const id of defenders) {
    // Solo, "Attacking the Dark Judges": the Dark Judges defend by the solo cards, unasked.
    if (playedByRules(d.state, d.state.characters[id]!.seat)) {
      decideBySoloCard(d, attack.action, id);
      continue;
    }
    const order = defenceOrderFor(d.state, id);
    if (order !== 'ask') decideUnasked(d, attack, id, order);
  }
  return settleDefenders(d);
}

function emitDefence(d: Draft, seat: Seat, defender: CharacterId, option: DefenceOption): void {
  d.emit({ type: 'CardsDiscarded', seat, cards: [option.card], reason: option.defence });
  d.emit({ type: 'DefenderDecided', character: defender, choice: { kind: 'defended', defence: option.defence, card: option.card } });
}

function emitPsiDiscard(d: Draft, seat: Seat, defender: CharacterId, card: CardId, expired = false): void {
  d.emit({ type: 'CardsDiscarded', seat, cards: [card], reason: 'PSI' });
  d.emit({ type: 'DefenderDecided', character: defender, choice: { kind: 'discarded', card }, ...marked(expired) });
}

/** The mark of a decision the server made because the deadline passed: the log says so. */
const marked = (expired: boolean) => (expired ? { expired: true as const } : {});

/**
 * `defence: always` spends the cheapest card that suffices (R38): the one that could do least
 * else. COVER works only on a cover space against shots; DEFLECT only as a defence; BLOCK spends a
 * MELEE card, which could also attack; PRECOG spends a linked PSI card, which could attack at any
 * range. Ties keep hand order.
 */
export const DEFENCE_COST_ORDER: readonly Defence[] = ['COVER', 'DEFLECT', 'BLOCK', 'PRECOG'];

function cheapest(options: DefenceOption[]): DefenceOption | undefined {
  return options
    .map((o, i) => ({ o, i }))
    .sort((a, b) => DEFENCE_COST_ORDER.indexOf(a.o.defence) - DEFENCE_COST_ORDER.indexOf(b.o.defence) || a.i - b.i)[0]?.o;
}

/**
 * The server decides a defender for its owner: by standing orders (`by`: `always` or `never`), or
 * when the defence deadline passes (`deadline`: marked `expired`, so the log says so). Against PSI
 * the first card in hand order with the defender's symbol is discarded (R15, R37); otherwise, under
 * `defence: always`, the cheapest card that pays a defence against this attack is spent on it
 * (R38); else the damage is taken.
 */
function decideUnasked(d: Draft, attack: Attack, defender: CharacterId, by: 'always' | 'never' | 'deadline'): void {
  const seat = d.state.characters[defender]!.seat;
  const expired = by === 'deadline';
  if (attack.action === 'PSI') {
    const card = psiDiscards(d.state, defender)[0];
    if (card) return emitPsiDiscard(d, seat, defender, card, expired);
  } else if (by === 'always') {
    const option = cheapest(defenceOptions(d.state, attack, defender));
    if (option) return emitDefence(d, seat, defender, option);
  }
  d.emit({ type: 'DefenderDecided', character: defender, choice: { kind: 'damage' }, ...marked(expired) });
}

function openDefence(s: GameState) {
  check(s.situation.kind === 'defence', 'WINDOW_CLOSED', 'No defence is being asked for.');
  return s.situation;
}

function undecidedDefender(s: GameState, seat: Seat, id: CharacterId) {
  const w = openDefence(s);
  const defender = w.defenders.find((x) => x.character === id);
  check(defender, 'NOT_A_DEFENDER', `${id} is not a defender in this attack.`);
  check(s.characters[id]!.seat === seat, 'NOT_YOUR_CHARACTER', `${id} is not your character.`);
  check(defender.choice.kind === 'undecided', 'ALREADY_DECIDED', `${id} has already been decided.`);
  return w;
}

export function defend(d: Draft, seat: Seat, cmd: Defend): Attack | null {
  const w = undecidedDefender(d.state, seat, cmd.character);
  check(
    DEFENCES_AGAINST[w.attack.action].includes(cmd.defence),
    'DEFENCE_NOT_ALLOWED',
    `${cmd.defence} does not work against ${w.attack.action}.`,
  );
  check(d.state.seats[seat]!.hand.includes(cmd.card), 'CARD_NOT_IN_HAND', `${cmd.card} is not in your hand.`);
  const c = d.state.characters[cmd.character]!;
  if (cmd.defence === 'COVER')
    check(c.space !== null && boardFor(d.state.map).isCover(c.space), 'NOT_ON_COVER', `${c.id} is not on a cover space.`);
  check(paysDefence(d.state, cmd.defence, cmd.card, c), 'WRONG_SYMBOL', `${cmd.card} cannot pay for ${c.id}'s ${cmd.defence}.`);
  emitDefence(d, seat, c.id, { defence: cmd.defence, card: cmd.card });
  return settleDefenders(d);
}

export function takeDamage(d: Draft, seat: Seat, cmd: TakeDamage): Attack | null {
  const w = undecidedDefender(d.state, seat, cmd.character);
  check(
    w.attack.action !== 'PSI' || psiDiscards(d.state, cmd.character).length === 0,
    'MUST_DISCARD',
    'Against PSI you must discard a card with the defender’s symbol if you can.',
  );
  d.emit({ type: 'DefenderDecided', character: cmd.character, choice: { kind: 'damage' } });
  return settleDefenders(d);
}

export function psiDiscard(d: Draft, seat: Seat, cmd: PsiDiscard): Attack | null {
  const w = undecidedDefender(d.state, seat, cmd.character);
  check(w.attack.action === 'PSI', 'DEFENCE_NOT_ALLOWED', 'Only PSI asks for a discard.');
  check(d.state.seats[seat]!.hand.includes(cmd.card), 'CARD_NOT_IN_HAND', `${cmd.card} is not in your hand.`);
  check(
    psiDiscards(d.state, cmd.character).includes(cmd.card),
    'WRONG_SYMBOL',
    `${cmd.card} does not show ${cmd.character}'s character symbol.`,
  );
  emitPsiDiscard(d, seat, cmd.character, cmd.card);
  return settleDefenders(d);
}

/** The defence deadline passed: undecided defenders take the damage (PSI: the first eligible card goes), marked `expired`. */
export function expireDefence(d: Draft): Attack | null {
  const w = openDefence(d.state);
  for (const defender of w.defenders)
    if (defender.choice.kind === 'undecided') decideUnasked(d, w.attack, defender.character, 'deadline');
  return settleDefenders(d);
}

/**
 * Resolves the attack once every defender is decided: "An action is only complete when all
 * outcomes (figures moved, defences made, and damage taken) have been performed in full."
 * Every defender whose owner's orders say `ask` is asked, whatever the hand holds: deciding the
 * ones with no card unasked would tell every seat that their owner holds no defence (R14).
 * Returns the attack once it is complete, for decide.ts to open the INTERRUPT window; null while a
 * defender is still to decide.
 */
function settleDefenders(d: Draft): Attack | null {
  const w = openDefence(d.state);
  if (w.defenders.some((x) => x.choice.kind === 'undecided')) return null;
  dealDamageToAll(d, w.attack, w.defenders.filter((x) => x.choice.kind === 'damage').map((x) => x.character));
  return w.attack;
}
