// INTERRUPT — "This action can only be taken out of turn. You can INTERRUPT immediately after another
// player has completed an action … or declared end of turn. You cannot take this action immediately
// after an INTERRUPT action." Windows, claims, the tie-break, interrupting turns and where play
// returns (docs/architecture.md §4, the interrupt window; docs/rulings.md R5, R8–R13, R29, R36).

import { describe, expect, it } from 'vitest';
import { cardById } from '../../../../src/games/helter-skelter/content/index.ts';
import type { TeamId } from '../../../../src/games/helter-skelter/content/types.ts';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import type { ScenarioCharacter } from '../../../../src/games/helter-skelter/scenario.ts';
import type { Event } from '../../../../src/games/helter-skelter/types.ts';
import { board, DAN_TANNA, TestGame, types, wild } from '../support.ts';
import { interrupts, ofType, only, padding, showingNoInterrupt, systemDecide } from './support-part1.ts';

const dt = board(DAN_TANNA);
const TEAMS: TeamId[] = ['judges', 'strontium-dogs', 'nikolai-dante', 'slaine'];
/** The character each seat moves about with. */
const CHAR = ['dredd', 'johnny-alpha', 'viktor', 'slaine'];
const HOME = dt.spaces.filter((s) => dt.adjacent(s).length > 0).slice(0, 4);

interface TableOptions {
  /** Seats holding two INTERRUPT cards (default: every seat but 0). */
  withInterrupt?: number[];
  players?: number;
  /** More characters, by id. */
  extra?: Record<string, ScenarioCharacter>;
  /** Characters left out (so dead), by seat: that seat is eliminated. */
  eliminated?: number[];
}

/** A table of up to four seats, one character each; decks hold no INTERRUPT so draws change nothing. */
function table(opts: TableOptions = {}): TestGame {
  const players = opts.players ?? 4;
  const withInterrupt = opts.withInterrupt ?? [1, 2, 3];
  const seats = TEAMS.slice(0, players).map((team, i) => {
    const hand = [...showingNoInterrupt(team, CHAR[i]!).slice(0, 4), ...(withInterrupt.includes(i) ? interrupts(team).slice(0, 2) : [])];
    return { team, hand, deck: padding(team).filter((c) => !hand.includes(c)) };
  });
  const characters: Record<string, ScenarioCharacter> = {};
  for (let i = 0; i < players; i++) if (!opts.eliminated?.includes(i)) characters[CHAR[i]!] = { space: HOME[i]! };
  return TestGame.withOthersDead({ map: DAN_TANNA, seats, characters: { ...characters, ...opts.extra } });
}

const isInterrupt = (card: string) => cardById(card).action === 'INTERRUPT';

/** The seat's character takes one MOVE, paid with a card that is no INTERRUPT. */
function act(g: TestGame, seat: number): Event[] {
  const id = CHAR[seat]!;
  const card = g.hand(seat).find((c) => !isInterrupt(c) && cardById(c).characters.includes(id))!;
  const to = dt.adjacent(g.state.characters[id]!.space!)[0]!;
  return g.send(seat, { type: 'MOVE', character: id, to, cards: [card] });
}
const claim = (g: TestGame, seat: number, k = 0) =>
  g.send(seat, { type: 'CLAIM_INTERRUPT', card: g.hand(seat).filter(isInterrupt)[k]! });
const pass = (g: TestGame, seat: number) => g.send(seat, { type: 'PASS_INTERRUPT' });
const endTurn = (g: TestGame, seat: number) => g.send(seat, { type: 'END_TURN' });
const windowId = (g: TestGame) => (g.situation.kind === 'over' ? '' : g.situation.windowId);

describe('When a window opens', () => {
  // "You can INTERRUPT immediately after another player has completed an action"
  it('a window opens after a completed action, asking seats nearest clockwise first', () => {
    const g = table();
    const opened = only(act(g, 0), 'InterruptWindowOpened');
    expect(opened).toMatchObject({ actedSeat: 0, actedInterrupting: false, after: 'action', eligible: [1, 2, 3] });
    expect(helterSkelter.awaiting(g.state).map((a) => [a.seat, a.situation])).toEqual([
      [1, 'interrupt'],
      [2, 'interrupt'],
      [3, 'interrupt'],
    ]);
  });

  // "… or declared end of turn."
  it('a window opens after a declared end of turn, before any card is drawn', () => {
    const g = table();
    const events = endTurn(g, 0);
    expect(types(events)).toEqual(['TurnEnded', 'InterruptWindowOpened']);
    expect(only(events, 'InterruptWindowOpened')).toMatchObject({ after: 'endOfTurn', eligible: [1, 2, 3] });
  });

  // R5: "Deploying is not an action: no interrupt window follows it."
  it('no window opens after a deploy (R5)', () => {
    const g = table({ extra: { giant: { space: 'undeployed', startingCards: [HOME[0]!] } } });
    const before = windowId(g);
    const events = g.send(0, { type: 'DEPLOY', character: 'giant', space: HOME[0]! });
    expect(types(events)).toEqual(['CharacterDeployed']);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 0, windowId: before });
  });

  // "An action is only complete when all outcomes (figures moved, defences made, and damage taken)
  // have been performed in full." The window follows the damage, not the attack.
  it('after a combat action the window opens only once the defence is decided and damage taken', () => {
    const meleeCard = wild('judges', 'MELEE')[0]!;
    const block = wild('strontium-dogs', 'MELEE')[0]!;
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: [meleeCard] },
        { team: 'strontium-dogs', hand: [block, ...interrupts('strontium-dogs').slice(0, 1)] },
      ],
      characters: { dredd: { space: HOME[0]! }, 'johnny-alpha': { space: HOME[0]! } },
    });
    const attack = g.send(0, { type: 'MELEE', character: 'dredd', card: meleeCard, defender: 'johnny-alpha' });
    expect(types(attack)).not.toContain('InterruptWindowOpened');
    expect(g.situation.kind).toBe('defence');
    const resolved = g.send(1, { type: 'TAKE_DAMAGE', character: 'johnny-alpha' });
    expect(types(resolved)).toEqual(['DefenderDecided', 'DamageTaken', 'InterruptWindowOpened']);
  });

  // R11, R35: a window with nobody to ask opens and closes in the same command; R10: the actor
  // resumes under a fresh window.
  it('with nobody to ask the window opens and closes at once, and the actor carries on under a new window id (R11, R35, R10)', () => {
    const g = table();
    for (const seat of [1, 2, 3]) g.send(seat, { type: 'SET_ORDERS', interrupt: 'armed' });
    const before = windowId(g);
    const events = act(g, 0);
    expect(types(events)).toEqual([
      'CardsDiscarded',
      'ActionTaken',
      'CharacterMoved',
      'InterruptWindowOpened',
      'InterruptAnswered',
      'InterruptAnswered',
      'InterruptAnswered',
      'InterruptWindowClosed',
      'TurnBegan',
    ]);
    expect(only(events, 'TurnBegan')).toMatchObject({ seat: 0, interrupting: false, mustDeploy: false });
    expect(windowId(g)).not.toBe(before);
  });

  // "You can INTERRUPT immediately after another player has completed an action": not your own.
  it('the seat that acted is not asked', () => {
    const g = table({ withInterrupt: [0, 1] });
    expect(only(act(g, 0), 'InterruptWindowOpened').eligible).toEqual([1, 2, 3]);
    expect(g.refused(0, { type: 'CLAIM_INTERRUPT', card: g.hand(0).find(isInterrupt)! })).toBe('NOT_ELIGIBLE');
  });

  // An eliminated player takes no more turns, interrupting ones included.
  it('an eliminated seat is not asked', () => {
    const g = table({ eliminated: [2] });
    expect(g.state.seats[2]!.eliminated).toBe(true);
    expect(only(act(g, 0), 'InterruptWindowOpened').eligible).toEqual([1, 3]);
  });

  // Out of turn, nobody else plays while the window is open.
  it('while a window is open the actor cannot act', () => {
    const g = table();
    act(g, 0);
    const card = g.hand(0).find((c) => !isInterrupt(c))!;
    expect(g.refused(0, { type: 'MOVE', character: 'dredd', to: HOME[0]!, cards: [card] })).toBe('WRONG_SITUATION');
    expect(g.refused(0, { type: 'END_TURN' })).toBe('WRONG_SITUATION');
  });
});

describe('Claims and passes', () => {
  // "INTERRUPT — Cost: 1 card with the INTERRUPT symbol (wild)"
  it('a claim must name an INTERRUPT card in the claimant’s hand', () => {
    const g = table();
    act(g, 0);
    const notInterrupt = g.hand(1).find((c) => !isInterrupt(c))!;
    expect(g.refused(1, { type: 'CLAIM_INTERRUPT', card: notInterrupt })).toBe('WRONG_SYMBOL');
    const elsewhere = interrupts('strontium-dogs').find((c) => !g.hand(1).includes(c))!;
    expect(g.refused(1, { type: 'CLAIM_INTERRUPT', card: elsewhere })).toBe('CARD_NOT_IN_HAND');
  });

  // "This action can only be taken out of turn."
  it('INTERRUPT can only be taken out of turn: the actor cannot claim in its own turn', () => {
    const g = table({ withInterrupt: [0, 1] });
    expect(g.refused(0, { type: 'CLAIM_INTERRUPT', card: g.hand(0).find(isInterrupt)! })).toBe('WRONG_SITUATION');
    expect(g.legalOf(0, 'CLAIM_INTERRUPT')).toEqual([]);
  });

  // Each seat answers a window once.
  it('a seat answers a window once', () => {
    const g = table();
    act(g, 0);
    pass(g, 2);
    expect(g.refused(2, { type: 'PASS_INTERRUPT' })).toBe('ALREADY_ANSWERED');
    expect(g.refused(2, { type: 'CLAIM_INTERRUPT', card: g.hand(2).find(isInterrupt)! })).toBe('ALREADY_ANSWERED');
  });

  // "If more than one player wants to INTERRUPT at the same time, the player whose turn is closest takes
  // the action." R13: the window closes early once a claim is held and every nearer seat has passed.
  it('a claim by the nearest seat closes the window at once (R13)', () => {
    const g = table();
    act(g, 0);
    const card = g.hand(1).find(isInterrupt)!;
    const events = claim(g, 1);
    expect(types(events)).toEqual(['InterruptAnswered', 'CardsDiscarded', 'InterruptWindowClosed', 'TurnBegan']);
    expect(only(events, 'CardsDiscarded')).toMatchObject({ seat: 1, cards: [card], reason: 'INTERRUPT' });
    expect(only(events, 'InterruptWindowClosed').winner).toBe(1);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1, interrupting: true });
  });

  // R13: a farther claim waits until every nearer seat has passed.
  it('a farther claim waits for the nearer seats; when they pass, it wins (R13)', () => {
    const g = table();
    act(g, 0);
    expect(types(claim(g, 3))).toEqual(['InterruptAnswered']);
    expect(types(pass(g, 1))).toEqual(['InterruptAnswered']);
    const events = pass(g, 2);
    expect(only(events, 'InterruptWindowClosed').winner).toBe(3);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 3, interrupting: true });
  });

  // "the player whose turn is closest takes the action. Only that player discards the card required."
  it('of two claimants the nearer wins, and only the winner discards (R12, R13)', () => {
    const g = table();
    act(g, 0);
    const loserCard = g.hand(3).find(isInterrupt)!;
    const winnerCard = g.hand(2).find(isInterrupt)!;
    claim(g, 3);
    claim(g, 2);
    const events = pass(g, 1);
    expect(only(events, 'InterruptWindowClosed').winner).toBe(2);
    expect(ofType(events, 'CardsDiscarded')).toEqual([{ type: 'CardsDiscarded', seat: 2, cards: [winnerCard], reason: 'INTERRUPT' }]);
    expect(g.hand(3)).toContain(loserCard);
    expect(g.hand(2)).not.toContain(winnerCard);
    expect(g.state.seats[3]!.discard).toEqual([]);
  });

  // R36: the closing event explains the race — who claimed, nearest first, and the rule that chose.
  it('two seats claim: the nearer wins, only its card is discarded, and the closed event names both claimants and the rule (R36)', () => {
    const g = table();
    act(g, 0);
    const window = windowId(g);
    const loserCard = g.hand(3).find(isInterrupt)!;
    const winnerCard = g.hand(2).find(isInterrupt)!;
    claim(g, 3);
    claim(g, 2);
    const events = pass(g, 1);
    expect(only(events, 'InterruptWindowClosed')).toEqual({
      type: 'InterruptWindowClosed',
      windowId: window,
      winner: 2,
      claimants: [2, 3],
      decidedBy: 'NEAREST_IN_TURN_ORDER',
      expired: false,
    });
    expect(ofType(events, 'CardsDiscarded')).toEqual([{ type: 'CardsDiscarded', seat: 2, cards: [winnerCard], reason: 'INTERRUPT' }]);
    expect(g.hand(3)).toContain(loserCard);
    // The loser's card stays hidden: no event, as any other reader sees it, names it.
    for (const reader of [null, 0, 1, 2]) expect(JSON.stringify(g.log.map((e) => helterSkelter.redact(e, reader)))).not.toContain(loserCard);
    expect(JSON.stringify(g.log.map((e) => helterSkelter.redact(e, 3)))).toContain(loserCard);
  });

  it('a single claim is decided as ONLY_CLAIM; a window closed unclaimed names nobody (R36)', () => {
    const one = table();
    act(one, 0);
    pass(one, 1);
    expect(only(claim(one, 2), 'InterruptWindowClosed')).toMatchObject({ winner: 2, claimants: [2], decidedBy: 'ONLY_CLAIM', expired: false });

    const none = table();
    act(none, 0);
    pass(none, 1);
    pass(none, 2);
    expect(only(pass(none, 3), 'InterruptWindowClosed')).toMatchObject({ winner: null, claimants: [], decidedBy: null, expired: false });
  });

  it('a window closed by its deadline says so, and names the claims held by then (R36)', () => {
    const claimed = table();
    act(claimed, 0);
    claim(claimed, 3);
    expect(only(claimed.expire(), 'InterruptWindowClosed')).toMatchObject({ winner: 3, claimants: [3], decidedBy: 'ONLY_CLAIM', expired: true });

    const silent = table();
    act(silent, 0);
    expect(only(silent.expire(), 'InterruptWindowClosed')).toMatchObject({ winner: null, claimants: [], decidedBy: null, expired: true });
  });

  // R12 with R36: while the window is open, others see that a seat answered, never its card.
  it('an answer is shown to others without its card, to its own seat with it (R12)', () => {
    const g = table();
    act(g, 0);
    const card = g.hand(3).find(isInterrupt)!;
    const [answered] = claim(g, 3);
    expect(helterSkelter.redact(answered!, 3)).toMatchObject({ seat: 3, card });
    for (const reader of [null, 0, 1, 2]) expect(helterSkelter.redact(answered!, reader)).toEqual({ type: 'InterruptAnswered', windowId: windowId(g), seat: 3 });
  });

  // R13: "the claimant nearest clockwise (to the left) from the seat that acted" — not from the active player.
  it('closeness counts clockwise from the seat that acted, not from the active player (R13)', () => {
    const g = table({ withInterrupt: [0, 1, 2, 3] });
    act(g, 0);
    pass(g, 1);
    claim(g, 2);
    // Seat 2's interrupting turn: its action opens a window asking 3, then 0, then 1.
    expect(only(act(g, 2), 'InterruptWindowOpened').eligible).toEqual([3, 0, 1]);
    claim(g, 1);
    claim(g, 0);
    const events = pass(g, 3);
    expect(only(events, 'InterruptWindowClosed').winner).toBe(0);
  });

  // docs/architecture.md §4: "The window closes when … every eligible seat has answered."
  it('when every seat passes, the window closes unclaimed and the actor carries on with a new window (R10)', () => {
    const g = table();
    act(g, 0);
    const windowBefore = windowId(g);
    pass(g, 1);
    pass(g, 2);
    const events = pass(g, 3);
    expect(types(events)).toEqual(['InterruptAnswered', 'InterruptWindowClosed', 'TurnBegan']);
    expect(only(events, 'InterruptWindowClosed').winner).toBeNull();
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 0, interrupting: false });
    expect(windowId(g)).not.toBe(windowBefore);
    expect(g.state.seats.map((s) => s.discard.filter(isInterrupt))).toEqual([[], [], [], []]);
  });

  // docs/architecture.md §4: "The window closes when the deadline passes"; unanswered seats count as passes.
  it('ExpireWindow treats the seats that did not answer as passes', () => {
    const claimed = table();
    act(claimed, 0);
    claim(claimed, 3);
    const events = claimed.expire();
    expect(only(events, 'InterruptWindowClosed').winner).toBe(3);
    expect(claimed.situation).toMatchObject({ actor: 3, interrupting: true });

    const silent = table();
    act(silent, 0);
    expect(only(silent.expire(), 'InterruptWindowClosed').winner).toBeNull();
    expect(silent.situation).toMatchObject({ kind: 'turn', actor: 0, interrupting: false });
  });

  // R29: "An EXPIRE_WINDOW for a window that is no longer open is accepted and does nothing."
  it('an EXPIRE_WINDOW for a window that has closed does nothing (R29)', () => {
    const g = table();
    act(g, 0);
    const stale = windowId(g);
    claim(g, 1);
    const before = JSON.stringify(g.state);
    expect(systemDecide(g, { type: 'EXPIRE_WINDOW', windowId: stale })).toEqual({ ok: true, events: [] });
    expect(systemDecide(g, { type: 'EXPIRE_WINDOW', windowId: 'w999' })).toEqual({ ok: true, events: [] });
    expect(JSON.stringify(g.state)).toBe(before);
  });

  // R29: "When sent, a command for a window that has closed is refused (WINDOW_CLOSED)".
  it('an answer naming a window that has closed is refused (R29)', () => {
    const g = table();
    act(g, 0);
    const first = windowId(g);
    pass(g, 1);
    pass(g, 2);
    pass(g, 3);
    act(g, 0); // a new window is open now
    expect(g.refused(1, { type: 'PASS_INTERRUPT', windowId: first })).toBe('WINDOW_CLOSED');
    expect(g.refused(1, { type: 'CLAIM_INTERRUPT', card: g.hand(1).find(isInterrupt)!, windowId: first })).toBe('WINDOW_CLOSED');
    // The open window's own id is accepted.
    pass(g, 1);
    g.send(2, { type: 'PASS_INTERRUPT', windowId: windowId(g) });
  });
});

describe('Interrupting turns', () => {
  // "When you INTERRUPT, you take an interrupting turn. … The active player keeps the active player marker."
  it('the winner takes an interrupting turn; the active player keeps the marker', () => {
    const g = table();
    act(g, 0);
    pass(g, 1);
    claim(g, 2);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 2, interrupting: true, mustDeploy: false });
    expect(g.state.activeSeat).toBe(0);
    expect(helterSkelter.awaiting(g.state)).toEqual([{ seat: 2, situation: 'turn', windowId: windowId(g) }]);
  });

  // "You cannot take this action immediately after an INTERRUPT action."
  it('no window opens directly after an INTERRUPT: the interrupting turn begins at once', () => {
    const g = table();
    act(g, 0);
    const events = claim(g, 1);
    expect(ofType(events, 'InterruptWindowOpened')).toEqual([]);
    expect(types(events).at(-1)).toBe('TurnBegan');
  });

  // "During an interrupting turn you may deploy characters and take actions as normal (see step 2)." (R6:
  // interrupting turns have no step 1.)
  it('an interrupting turn has no step 1: it may act without deploying, and may deploy', () => {
    const g = table({ extra: { middenface: { space: 'undeployed', startingCards: [HOME[3]!] } } });
    act(g, 0);
    claim(g, 1);
    expect(g.situation).toMatchObject({ actor: 1, interrupting: true, mustDeploy: false });
    const moved = act(g, 1);
    expect(only(moved, 'InterruptWindowOpened')).toMatchObject({ actedSeat: 1, actedInterrupting: true });
    pass(g, 2);
    pass(g, 3);
    expect(g.situation).toMatchObject({ actor: 1, interrupting: true });
    g.send(1, { type: 'DEPLOY', character: 'middenface', space: HOME[3]! });
    expect(g.state.characters['middenface']!.space).toBe(HOME[3]);
  });

  // "You may deploy and take actions as many times as you wish." / "You can also INTERRUPT another
  // player's interrupting turn … after they have completed an action".
  it('each action of an interrupting turn opens a window; the active player is asked too (R9)', () => {
    const g = table({ withInterrupt: [0, 1, 2, 3] });
    act(g, 0);
    claim(g, 1);
    expect(only(act(g, 1), 'InterruptWindowOpened').eligible).toEqual([2, 3, 0]);
  });

  // "When you declare end of turn … If nobody else announces an INTERRUPT action, play returns to the
  // player with the active player marker. Do not draw any cards from your action deck."
  it('ending an interrupting turn: a window, then play returns to the active player; the interrupter draws nothing', () => {
    const g = table({ withInterrupt: [0, 1, 2, 3] });
    act(g, 0);
    claim(g, 1);
    const handAfterClaim = g.hand(1).slice();
    const ended = endTurn(g, 1);
    expect(only(ended, 'TurnEnded')).toEqual({ type: 'TurnEnded', seat: 1, interrupting: true });
    expect(only(ended, 'InterruptWindowOpened')).toMatchObject({ after: 'endOfTurn', eligible: [2, 3, 0] });
    pass(g, 2);
    pass(g, 3);
    const back = pass(g, 0);
    expect(ofType(back, 'CardsDrawn')).toEqual([]);
    expect(only(back, 'TurnBegan')).toMatchObject({ seat: 0, interrupting: false });
    expect(g.hand(1)).toEqual(handAfterClaim);
    expect(ofType(g.log, 'CardsDrawn')).toEqual([]);
    expect(g.state.activeSeat).toBe(0);
  });

  // The clock runs out on an interrupting turn: its end of turn is declared, with the same outcome.
  it('an interrupting turn whose clock runs out ends like a declared one', () => {
    const g = table({ withInterrupt: [1] });
    act(g, 0);
    claim(g, 1);
    const events = g.expire();
    expect(only(events, 'TurnEnded')).toMatchObject({ seat: 1, interrupting: true });
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 0, interrupting: false });
    expect(ofType(events, 'CardsDrawn')).toEqual([]);
  });

  // R8: "An interrupted end of turn stands … they draw and pass the marker. They do not get to act again."
  it('an interrupted end of turn stands: play returns only to draw and pass the marker (R8)', () => {
    const g = table({ withInterrupt: [1] });
    endTurn(g, 0);
    claim(g, 1);
    const events = endTurn(g, 1);
    // The window after the interrupter's end of turn asks seats 2, 3 and 0, who hold no INTERRUPT card and pass.
    expect(types(events)).toEqual([
      'TurnEnded',
      'InterruptWindowOpened',
      'InterruptAnswered',
      'InterruptAnswered',
      'InterruptAnswered',
      'InterruptWindowClosed',
      'CardsDrawn',
      'MarkerPassed',
      'TurnBegan',
    ]);
    expect(only(events, 'InterruptWindowOpened').eligible).toEqual([2, 3, 0]);
    expect(only(events, 'CardsDrawn').seat).toBe(0);
    expect(only(events, 'MarkerPassed').seat).toBe(1);
    expect(only(events, 'TurnBegan')).toMatchObject({ seat: 1, interrupting: false });
    // Seat 0 never became the actor again.
    expect(ofType(g.log, 'TurnBegan').filter((e) => e.seat === 0)).toEqual([]);
  });

  // R9: "The active player may interrupt an interrupter. When that interrupting turn ends unclaimed, play
  // returns to the active player, who carries on their own turn."
  it('the active player may interrupt an interrupter, then carries on their own turn (R9)', () => {
    const g = table({ withInterrupt: [0, 1] });
    act(g, 0);
    claim(g, 1);
    act(g, 1);
    claim(g, 0);
    expect(g.situation).toMatchObject({ actor: 0, interrupting: true });
    endTurn(g, 0);
    const back = pass(g, 1);
    expect(only(back, 'TurnBegan')).toMatchObject({ seat: 0, interrupting: false });
    expect(ofType(back, 'CardsDrawn')).toEqual([]);
    // Its own turn goes on: it may act again.
    act(g, 0);
  });

  // R9 with R8: the active player interrupts after having declared end of turn; that end stands.
  it('an active player who interrupts after declaring end of turn still finishes that turn (R8, R9)', () => {
    const g = table({ withInterrupt: [0, 1] });
    endTurn(g, 0);
    claim(g, 1);
    act(g, 1);
    claim(g, 0);
    endTurn(g, 0);
    const events = pass(g, 1);
    expect(types(events)).toEqual(['InterruptAnswered', 'InterruptWindowClosed', 'CardsDrawn', 'MarkerPassed', 'TurnBegan']);
    expect(only(events, 'TurnBegan')).toMatchObject({ seat: 1, interrupting: false });
  });

  // "When you declare end of turn, play returns to the active player." (docs/architecture.md §4: "never to an earlier
  // interrupter")
  it('play returns to the active player, never to an earlier interrupter', () => {
    const g = table();
    act(g, 0);
    claim(g, 1);
    act(g, 1);
    claim(g, 2);
    endTurn(g, 2);
    pass(g, 3);
    const events = pass(g, 1);
    expect(only(events, 'TurnBegan')).toMatchObject({ seat: 0, interrupting: false });
    expect(g.state.activeSeat).toBe(0);
  });

  // "you can only INTERRUPT after they have completed an action … or after they have declared end of turn."
  it('an interrupter’s end of turn can itself be interrupted', () => {
    const g = table();
    act(g, 0);
    claim(g, 1);
    endTurn(g, 1);
    claim(g, 2);
    expect(g.situation).toMatchObject({ actor: 2, interrupting: true });
    endTurn(g, 2);
    pass(g, 3);
    pass(g, 1);
    expect(g.situation).toMatchObject({ actor: 0, interrupting: false });
  });

  // R10: "Each time a seat becomes the actor again, a new turn window opens (new windowId)".
  it('a seat that becomes the actor again gets a new window id, and the old one is closed (R10)', () => {
    const g = table({ withInterrupt: [1] });
    const first = windowId(g);
    act(g, 0);
    claim(g, 1);
    endTurn(g, 1);
    expect(g.situation).toMatchObject({ actor: 0 });
    expect(windowId(g)).not.toBe(first);
    expect(g.refused(0, { type: 'END_TURN', windowId: first })).toBe('WINDOW_CLOSED');
  });
});
