// Hidden information, differentially: a reader's bytes must not depend on
// another seat's hidden cards. At random points of random games a twin of the state is made that
// differs only in what one seat X keeps hidden (which cards are in its hand and which in its deck,
// its deck order, its undeployed characters' starting cards, its map cards during set-up, its
// unresolved INTERRUPT answer), the sizes of everything kept. Then, for every reader other than X
// (the other seats and a spectator), these must be byte-identical JSON in the state and its twin:
//
//   - the view, who is awaited, the reader's legal commands;
//   - for commands that do not come from X (the command actually played next, the open window's
//     deadline passing, other awaited seats' legal commands, and commands another seat sends that
//     are not its to send, such as X's own commands or a claim with X's card): whether it is
//     accepted, the refusal's code and sentence, every event as redacted for the reader, and then
//     the view, awaiting and legal commands of the state it leads to.
//
// Some events make public, by rule, what the twin changed; the comparison stops at the first one
// (in either twin), the events before it must still agree:
//   - a card X discards (R15/R37: a defence deadline against PSI discards X's first card with the
//     defender's symbol; a won INTERRUPT discards the card claimed with): played cards are public;
//   - GameEnded: "after the game ends the full log is public" (and R33 ends a game when
//     every hand holds seven cards none of which can ever be played: whether it ends then depends on
//     the hands, and shows them all);
//   - SetupCompleted, for a twin with other map cards: the map cards a seat keeps back become the
//     next seat's fragments on the board (rulebook "Prep");
//   - InterruptWindowClosed, for a twin that claimed where the other passed: the close names the
//     claimants (R36).
//
// The last test runs the same check on the rules with the two leaks R11 and R14 rule out (a window
// naming only the seats holding an INTERRUPT card, a defence awaiting only the owners holding a card)
// and expects it to find both, so the check is known to be able to fail.
//
// Every seat plays on `ask` here, so that windows and defences wait on their seats: R11 and R14 are
// about what an asked seat's prompt shows. Under the default orders nothing waits, and
// window-timing.test.ts shows that when windows open and close does not depend on hands or arms.
//
// This is the fast, engine-level property over 500 random games; test/robustness/
// hidden-information-surfaces.test.ts checks the same over HTTP for every surface of the service
// (game resource, feeds, SSE, webhooks, emails, error bodies) on a few tens of scenario pairs.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defenceOptions, psiDiscards } from '../../../../src/games/helter-skelter/defences.ts';
import { isInterruptCard } from '../../../../src/games/helter-skelter/costs.ts';
import type { Command, Event, GameState, Seat } from '../../../../src/games/helter-skelter/types.ts';
import type { Sender } from '../../../../src/platform/game-module.ts';
import { ASKED, Chooser, COMMAND_CAP, fcParams, game, play, randomGameArb, soloGameArb, steps, TIMEOUT, type RandomGame } from './harness.ts';

const GAMES = 500;
/** Games with a Dark Judges seat in every one. */
const DARK_GAMES = 150;
const SEED = 0xd1ff13;
/** The game with every seat asked (see above). */
const asked = (g: RandomGame): RandomGame => ({ ...g, orders: ASKED });
/** Points per game at which twins are made (each point makes up to six twins). */
const POINTS = 5;

type Reader = Seat | null;

/** What the check reads of a game module: what it shows a reader, and what it decides. */
type Rules = Pick<typeof game, 'decide' | 'view' | 'awaiting' | 'legalCommands' | 'redact' | 'replay' | 'isOver'>;

type Variant = 'hand-deck' | 'deck-order' | 'starting-cards' | 'map-cards' | 'removed-map-card' | 'claim-card' | 'claim-or-pass' | 'solo-deck-order';
const VARIANTS: readonly Variant[] = ['hand-deck', 'deck-order', 'starting-cards', 'map-cards', 'removed-map-card', 'claim-card', 'claim-or-pass', 'solo-deck-order'];
/** Solo games against the Dark Judges. */
const SOLO_GAMES = 120;

interface Twin {
  variant: Variant;
  state: GameState;
  /** Events that make public, by rule, what this twin changed. */
  reveals: (e: Event) => boolean;
  /** Who must not tell the twins apart: every reader but X, unless the secret is everyone's (the solo deck). */
  readers?: Reader[];
}

interface Candidate {
  command: Command;
  sender: Sender;
  kind: 'played' | 'deadline' | 'other seat' | 'not the sender’s';
}

interface Stats {
  games: number;
  points: number;
  twins: Record<Variant, number>;
  /** Commands decided in both twins, by kind, and of those how many were refused. */
  commands: Record<Candidate['kind'], number>;
  refusals: number;
  /** Comparisons cut short at an event that makes the change public. */
  revealed: number;
  /** A window opened by a command not X's while X held an INTERRUPT card in one twin only. */
  windowsWithInterruptDiffering: number;
  /** A defence of X's character open (or declared) while X's defence options differ between the twins. */
  defencesWithOptionsDiffering: number;
}

const emptyStats = (): Stats => ({
  games: 0,
  points: 0,
  twins: Object.fromEntries(VARIANTS.map((v) => [v, 0])) as Record<Variant, number>,
  commands: { played: 0, deadline: 0, 'other seat': 0, 'not the sender’s': 0 },
  refusals: 0,
  revealed: 0,
  windowsWithInterruptDiffering: 0,
  defencesWithOptionsDiffering: 0,
});

const json = (v: unknown) => JSON.stringify(v);
const clone = (s: GameState): GameState => structuredClone(s);
const holdsInterrupt = (s: GameState, seat: Seat) => s.seats[seat]!.hand.some(isInterruptCard);

/** X's answer in the open interrupt window: a card, null for a pass, undefined when it has not answered. */
function answerOf(s: GameState, x: Seat): string | null | undefined {
  return s.situation.kind === 'interrupt' ? s.situation.answers[String(x)] : undefined;
}

/** Always public by rule: a card X plays, and the end of the game (the whole log is then public). */
const publicByRule = (x: Seat) => (e: Event) => (e.type === 'CardsDiscarded' && e.seat === x) || e.type === 'GameEnded';

/** The twins of `s` that differ only in what `x` keeps hidden; each really differs. */
function twinsOf(s: GameState, x: Seat, ch: Chooser): Twin[] {
  const twins: Twin[] = [];
  const seat = s.seats[x]!;
  const base = publicByRule(x);
  const answer = answerOf(s, x);

  // Another hand of the same size: a hand card and a deck card change places. Half the time the
  // swap is chosen to change whether X holds an INTERRUPT card, which a window asking only the seats
  // holding one would tell (R11).
  const inHand = seat.hand.map((_, i) => i).filter((i) => seat.hand[i] !== answer);
  if (inHand.length > 0 && seat.deck.length > 0) {
    let i = ch.pick(inHand);
    let j = ch.int(seat.deck.length);
    if (ch.chance(0.5)) {
      const pairs = inHand.flatMap((h) =>
        seat.deck.map((card, d) => [h, d] as const).filter(([, d]) => isInterruptCard(seat.hand[h]!) !== isInterruptCard(seat.deck[d]!)),
      );
      // Moving X's last INTERRUPT card away, or giving X one: the holding changes.
      const changing = pairs.filter(([h, d]) => holdsInterrupt(s, x) !== holdsAfterSwap(seat.hand, h, seat.deck[d]!));
      if (changing.length > 0) [i, j] = ch.pick(changing);
    }
    const t = clone(s);
    const ts = t.seats[x]!;
    [ts.hand[i], ts.deck[j]] = [ts.deck[j]!, ts.hand[i]!];
    twins.push({ variant: 'hand-deck', state: t, reveals: base });
  }

  // Another deck order.
  if (seat.deck.length >= 2) {
    const t = clone(s);
    const deck = t.seats[x]!.deck;
    for (let k = deck.length - 1; k > 0; k--) {
      const j = ch.int(k + 1);
      [deck[k], deck[j]] = [deck[j]!, deck[k]!];
    }
    if (json(deck) === json(seat.deck)) [deck[0], deck[1]] = [deck[1]!, deck[0]!];
    twins.push({ variant: 'deck-order', state: t, reveals: base });
  }

  // Two undeployed characters of X's (with as many cards each) swap their starting cards.
  const undeployed = Object.values(s.characters).filter((c) => c.seat === x && c.status === 'undeployed' && c.startingCards.length > 0);
  const swaps = undeployed.flatMap((a, k) =>
    undeployed.slice(k + 1).filter((b) => b.startingCards.length === a.startingCards.length && json(b.startingCards) !== json(a.startingCards)).map((b) => [a.id, b.id] as const),
  );
  if (swaps.length > 0) {
    const [a, b] = ch.pick(swaps);
    const t = clone(s);
    [t.characters[a]!.startingCards, t.characters[b]!.startingCards] = [t.characters[b]!.startingCards, t.characters[a]!.startingCards];
    twins.push({ variant: 'starting-cards', state: t, reveals: base });
  }

  // During set-up: one of the map cards X placed under a character and one X still holds change places.
  if (s.situation.kind === 'setup' && seat.mapCards.length > 0 && undeployed.length > 0) {
    const t = clone(s);
    const c = t.characters[ch.pick(undeployed).id]!;
    const k = ch.int(c.startingCards.length);
    const m = ch.int(seat.mapCards.length);
    const placed = c.startingCards[k]!;
    c.startingCards[k] = seat.mapCards[m]!;
    t.seats[x]!.mapCards[m] = placed;
    c.startingCards.sort((p, q) => p - q);
    t.seats[x]!.mapCards.sort((p, q) => p - q);
    twins.push({ variant: 'map-cards', state: t, reveals: (e) => base(e) || e.type === 'SetupCompleted' });
  }

  // During set-up, the Dark Judges removed another map card "without revealing it to anyone": one
  // they still hold is swapped for a map card nobody holds (one that could have been the removed one).
  if (s.situation.kind === 'setup' && seat.mapCardRemoved === true && seat.mapCards.length > 0) {
    const held = new Set([...s.seats.flatMap((o) => o.mapCards), ...Object.values(s.characters).flatMap((c) => c.startingCards)]);
    const loose = Array.from({ length: 40 }, (_, i) => i + 1).filter((d) => !held.has(d));
    if (loose.length > 0) {
      const t = clone(s);
      const cards = t.seats[x]!.mapCards;
      cards[ch.int(cards.length)] = ch.pick(loose);
      cards.sort((p, q) => p - q);
      twins.push({ variant: 'removed-map-card', state: t, reveals: (e) => base(e) || e.type === 'SetupCompleted' });
    }
  }

  // An answer given in the open window: claimed with another INTERRUPT card, or claimed where it passed (and back).
  if (answer !== undefined) {
    const interrupts = seat.hand.filter(isInterruptCard);
    const others = interrupts.filter((c) => c !== answer);
    const fromDeck = seat.deck.map((c, d) => [c, d] as const).filter(([c]) => isInterruptCard(c));
    if (answer !== null && (others.length > 0 || fromDeck.length > 0)) {
      // Claimed with another INTERRUPT card of the hand; or, with none, with one from the deck that
      // takes the claimed card's place in the hand (the claimed card going to the deck in its stead).
      const t = clone(s);
      let card: string;
      if (others.length > 0) card = ch.pick(others);
      else {
        const [c, d] = ch.pick(fromDeck);
        card = c;
        const ts = t.seats[x]!;
        ts.deck[d] = answer;
        ts.hand[ts.hand.indexOf(answer)] = c;
      }
      (t.situation as Extract<GameState['situation'], { kind: 'interrupt' }>).answers[String(x)] = card;
      twins.push({ variant: 'claim-card', state: t, reveals: base });
    }
    if (answer !== null || interrupts.length > 0) {
      const t = clone(s);
      (t.situation as Extract<GameState['situation'], { kind: 'interrupt' }>).answers[String(x)] = answer === null ? ch.pick(interrupts) : null;
      twins.push({ variant: 'claim-or-pass', state: t, reveals: (e) => base(e) || e.type === 'InterruptWindowClosed' });
    }
  }
  // Solo: the solo deck in another order below its top card, hidden from every reader, the player
  // included ("Shuffle the solo cards into a facedown deck"). A card is public once drawn, so the
  // comparison stops at the first draw of any card but the shared top one.
  if (s.solo && s.solo.deck.length >= 3) {
    const t = clone(s);
    const rest = t.solo!.deck.slice(1);
    for (let k = rest.length - 1; k > 0; k--) {
      const j = ch.int(k + 1);
      [rest[k], rest[j]] = [rest[j]!, rest[k]!];
    }
    if (json(rest) === json(s.solo.deck.slice(1))) [rest[0], rest[1]] = [rest[1]!, rest[0]!];
    t.solo!.deck = [s.solo.deck[0]!, ...rest];
    const top = s.solo.deck[0];
    const drawsAnother = (e: Event) => (e.type === 'DarkJudgesCardDrawn' || e.type === 'SoloCardDrawn') && e.card !== top;
    twins.push({ variant: 'solo-deck-order', state: t, reveals: (e) => e.type === 'GameEnded' || drawsAnother(e), readers: [null, ...s.seats.map((_, i) => i)] });
  }
  return twins;
}

function holdsAfterSwap(hand: readonly string[], at: number, incoming: string): boolean {
  return hand.some((c, i) => (i === at ? isInterruptCard(incoming) : isInterruptCard(c)));
}

/** The two texts around where they first differ (they may be long: a whole view or event list). */
function whereDiffering(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 120);
  return `\n  …${a.slice(from, i + 80)}…\n  …${b.slice(from, i + 80)}…`;
}

const readersBesides = (s: GameState, x: Seat): Reader[] => [null, ...s.seats.map((_, i) => i).filter((i) => i !== x)];

/** What `reader` is shown of a state: its view, who is awaited, its legal commands. */
function shown(rules: Rules, s: GameState, reader: Reader): { view: string; awaiting: string; legal: string } {
  return {
    view: json(rules.view(s, reader)),
    awaiting: json(rules.awaiting(s)),
    legal: reader === null ? '[]' : json(rules.legalCommands(s, reader)),
  };
}

function compareShown(rules: Rules, a: GameState, b: GameState, readers: readonly Reader[], where: string, problems: string[]): void {
  for (const reader of readers) {
    const sa = shown(rules, a, reader);
    const sb = shown(rules, b, reader);
    for (const k of ['view', 'awaiting', 'legal'] as const)
      if (sa[k] !== sb[k]) problems.push(`${where}: reader ${reader}'s ${k} differs${whereDiffering(sa[k], sb[k])}`);
  }
}

/** The commands compared at a point: none sent by X itself, whose own hidden cards may shape them. */
function candidatesAt(rules: Rules, s: GameState, x: Seat, next: { command: Command; sender: Sender } | undefined, ch: Chooser): Candidate[] {
  const out: Candidate[] = [];
  if (rules.isOver(s)) return out;
  if (next && (next.sender.kind === 'system' || next.sender.seat !== x)) out.push({ ...next, kind: 'played' });
  out.push({ command: { type: 'EXPIRE_WINDOW', windowId: (s.situation as { windowId: string }).windowId }, sender: { kind: 'system' }, kind: 'deadline' });
  const others = s.seats.map((_, i) => i).filter((i) => i !== x);
  for (const a of rules.awaiting(s)) {
    if (a.seat === x) continue;
    for (const command of ch.sample(rules.legalCommands(s, a.seat), 2)) out.push({ command, sender: { kind: 'seat', seat: a.seat }, kind: 'other seat' });
  }
  // Another seat sends what is not its to send: X's own commands, or its own with X's cards in them.
  const y = ch.pick(others);
  for (const command of ch.sample(rules.legalCommands(s, x), 2)) out.push({ command, sender: { kind: 'seat', seat: y }, kind: 'not the sender’s' });
  const xCards = s.seats[x]!.hand;
  if (xCards.length > 0) {
    const card = ch.pick(xCards);
    const windowId = (s.situation as { windowId: string }).windowId;
    out.push({ command: { type: 'CLAIM_INTERRUPT', card, windowId }, sender: { kind: 'seat', seat: y }, kind: 'not the sender’s' });
    const own = rules.legalCommands(s, y).filter((c) => 'card' in c || 'cards' in c);
    if (own.length > 0) {
      const c = ch.pick(own) as Command & { card?: string; cards?: string[] };
      const withX = 'cards' in c && c.cards ? { ...c, cards: [card, ...c.cards.slice(1)] } : { ...c, card };
      out.push({ command: withX as Command, sender: { kind: 'seat', seat: y }, kind: 'not the sender’s' });
    }
  }
  return out;
}

/** Events up to (not including) the first that makes the twin's change public, in either twin. */
function untilRevealed(a: Event[], b: Event[], twin: Twin): { a: Event[]; b: Event[]; cut: boolean } {
  const ia = a.findIndex(twin.reveals);
  const ib = b.findIndex(twin.reveals);
  if (ia < 0 && ib < 0) return { a, b, cut: false };
  const at = Math.min(...[ia, ib].filter((i) => i >= 0));
  return { a: a.slice(0, at), b: b.slice(0, at), cut: true };
}

/** Every difference a reader other than X could see between `s` and its twin, now and one command on. */
function differences(rules: Rules, s: GameState, x: Seat, twin: Twin, candidates: Candidate[], where: string, stats: Stats): string[] {
  const problems: string[] = [];
  const t = twin.state;
  if (json(s) === json(t)) throw new Error(`${where}: the ${twin.variant} twin is no different`);
  const readers = twin.readers ?? readersBesides(s, x);
  compareShown(rules, s, t, readers, `${where}, ${twin.variant} twin`, problems);
  const interruptDiffers = holdsInterrupt(s, x) !== holdsInterrupt(t, x);
  if (s.situation.kind === 'defence' && differentDefences(s, t, x, s.situation.defenders.map((d) => d.character))) stats.defencesWithOptionsDiffering++;

  for (const c of candidates) {
    const label = `${where}, ${twin.variant} twin, ${c.kind} ${json(c.command)} from ${c.sender.kind === 'system' ? 'the system' : `seat ${c.sender.seat}`}`;
    const da = rules.decide(s, c.command, c.sender);
    const db = rules.decide(t, c.command, c.sender);
    stats.commands[c.kind]++;
    if (da.ok !== db.ok) {
      problems.push(`${label}: ${da.ok ? 'accepted' : 'refused'} in one twin, ${db.ok ? 'accepted' : 'refused'} in the other`);
      continue;
    }
    if (!da.ok || !db.ok) {
      stats.refusals++;
      const ea = !da.ok ? json({ code: da.error.code, message: da.error.message }) : '';
      const eb = !db.ok ? json({ code: db.error.code, message: db.error.message }) : '';
      if (ea !== eb) problems.push(`${label}: refusals differ${whereDiffering(ea, eb)}`);
      continue;
    }
    if (interruptDiffers && da.events.some((e) => e.type === 'InterruptWindowOpened')) stats.windowsWithInterruptDiffering++;
    const declared = da.events.flatMap((e) => (e.type === 'AttackDeclared' ? e.defenders : []));
    if (declared.length > 0 && differentDefences(s, t, x, declared, da.events, db.events)) stats.defencesWithOptionsDiffering++;
    const { a, b, cut } = untilRevealed(da.events, db.events, twin);
    if (cut) stats.revealed++;
    for (const reader of readers) {
      const ra = json(a.map((e) => rules.redact(e, reader)));
      const rb = json(b.map((e) => rules.redact(e, reader)));
      if (ra === rb) continue;
      const k = a.findIndex((e, i) => json(rules.redact(e, reader)) !== json(b[i] && rules.redact(b[i], reader)));
      const at = k < 0 ? a.length : k;
      problems.push(`${label}: events for reader ${reader} differ, first at ${a[at]?.type ?? 'the end'} / ${b[at]?.type ?? 'the end'}${whereDiffering(ra, rb)}`);
    }
    // One command on, for the command played and the deadline (the others' after-states cost as much
    // again and add little: their events were compared).
    if (!cut && (c.kind === 'played' || c.kind === 'deadline')) compareShown(rules, rules.replay(s, da.events), rules.replay(t, db.events), readers, `${label}, after it`, problems);
  }
  return problems;
}

/**
 * Whether X's defence options for any of its `defenders` differ between the twins (after each twin's
 * own events, if given: a command that ends a turn draws cards before the next turn's Cloud of Decay
 * is declared, and the twins draw different ones).
 */
function differentDefences(
  s: GameState,
  t: GameState,
  x: Seat,
  defenders: readonly string[],
  eventsA: readonly Event[] = [],
  eventsB: readonly Event[] = eventsA,
): boolean {
  const sa = eventsA.length > 0 ? game.replay(s, eventsA) : s;
  const tb = eventsB.length > 0 ? game.replay(t, eventsB) : t;
  if (sa.situation.kind !== 'defence' || tb.situation.kind !== 'defence') return false;
  const attack = sa.situation.attack;
  return defenders.some((id) => {
    if (s.characters[id]!.seat !== x) return false;
    const options = (st: GameState) => json(attack.action === 'PSI' ? psiDiscards(st, id) : defenceOptions(st, attack, id));
    return options(sa) !== options(tb);
  });
}

/**
 * The points of a game at which twins are made: `POINTS` at random, the last command, and one of
 * each kind of moment a uniform choice seldom hits (told by the command played there): set-up, a
 * defence, an interrupt window in which some seat has answered already.
 */
function pointsOf(history: readonly { command: Command }[], ch: Chooser): Set<number> {
  const n = history.length;
  const at = new Set<number>([n - 1]);
  const answering = (i: number) => ['CLAIM_INTERRUPT', 'PASS_INTERRUPT'].includes(history[i]?.command.type ?? '');
  const kinds = [
    (i: number) => history[i]!.command.type === 'ASSIGN_STARTING_CARDS',
    // A set-up command after the Dark Judges have removed their map card (X is then often them).
    (i: number) =>
      ['ASSIGN_STARTING_CARDS', 'REMOVE_MAP_CARD'].includes(history[i]!.command.type) &&
      history.slice(0, i).some((h) => h.command.type === 'REMOVE_MAP_CARD'),
    (i: number) => ['DEFEND', 'TAKE_DAMAGE', 'PSI_DISCARD'].includes(history[i]!.command.type),
    (i: number) => answering(i) && answering(i - 1) && history[i]!.command.windowId === history[i - 1]!.command.windowId,
  ];
  for (const kind of kinds) {
    const found = history.map((_, i) => i).filter(kind);
    for (const i of ch.sample(found, 2)) at.add(i);
  }
  for (let k = 0; k < POINTS && at.size < n; k++) at.add(ch.int(n));
  return at;
}

/** X: any seat, but more often one whose secret is in play now (an answered claim, an attacked character). */
function pickX(s: GameState, ch: Chooser): Seat {
  const sit = s.situation;
  const involved =
    sit.kind === 'interrupt' ? Object.keys(sit.answers).map(Number) : sit.kind === 'defence' ? sit.defenders.map((d) => s.characters[d.character]!.seat) : [];
  return involved.length > 0 && ch.chance(0.7) ? ch.pick(involved) : ch.int(s.seats.length);
}

/**
 * Plays `g` (at most `cap` commands) and checks twins at the points `pointsOf` picks: what `rules`
 * shows and decides there (the game's own rules, but for the check of the check below).
 */
function checkGame(g: RandomGame, cap: number, chooserSeed: number, stats: Stats, stopAtFirst = true, rules: Rules = game): string[] {
  const ch = new Chooser(chooserSeed);
  const played = play(g, cap);
  const at = pointsOf(played.history, ch);
  const problems: string[] = [];
  stats.games++;
  for (const step of steps(g, played)) {
    if (!at.has(step.index)) continue;
    const s = step.before;
    stats.points++;
    const x = pickX(s, ch);
    // The command played next is compared when X did not send it.
    const candidates = candidatesAt(rules, s, x, { command: step.command, sender: step.sender }, ch);
    for (const twin of twinsOf(s, x, ch)) {
      stats.twins[twin.variant]++;
      problems.push(...differences(rules, s, x, twin, candidates, `command ${step.index} (${s.situation.kind}), X = seat ${x}`, stats));
    }
    if (stopAtFirst && problems.length > 0) break;
  }
  return problems;
}

/**
 * How many commands of a game are played: most games are cut short (cheaper, and the early and
 * middle game is where most hidden cards are), one in four is played to its end (reshuffled
 * decks, eliminations, the end).
 */
const capArb = fc.oneof({ arbitrary: fc.integer({ min: 20, max: 700 }), weight: 3 }, { arbitrary: fc.constant(COMMAND_CAP), weight: 1 });

/** Whether the owner of `character` holds a card that could answer the open defence for it. */
function couldAnswer(s: GameState, character: string): boolean {
  if (s.situation.kind !== 'defence') return false;
  const attack = s.situation.attack;
  return (attack.action === 'PSI' ? psiDiscards(s, character) : defenceOptions(s, attack, character)).length > 0;
}

/**
 * The rules with two leaks, for the check of the check: an INTERRUPT window that names as eligible
 * only the seats holding an INTERRUPT card, and a defence that awaits only the owners holding a card
 * that could answer it (R11 and R14 say why neither may be).
 */
const leaky: Rules = {
  ...game,
  decide(s, command, sender) {
    const d = game.decide(s, command, sender);
    if (!d.ok) return d;
    let now = s;
    const events = d.events.map((e) => {
      const told = e.type === 'InterruptWindowOpened' ? { ...e, eligible: e.eligible.filter((seat) => holdsInterrupt(now, seat)) } : e;
      now = game.evolve(now, e);
      return told;
    });
    return { ok: true, events };
  },
  awaiting(s) {
    const sit = s.situation;
    if (sit.kind !== 'defence') return game.awaiting(s);
    const asked = sit.defenders.filter((d) => d.choice.kind === 'undecided' && couldAnswer(s, d.character));
    return game.awaiting(s).filter((a) => asked.some((d) => s.characters[d.character]!.seat === a.seat));
  },
};

describe('hidden information, differentially: no reader’s bytes depend on another seat’s hidden cards', () => {
  it(`${GAMES} random games: views, awaiting, legal commands, refusals and redacted events are the same for every other reader when one seat’s hidden cards differ`, () => {
    const stats = emptyStats();
    fc.assert(
      fc.property(randomGameArb().map(asked), capArb, fc.integer(), (g, cap, chooserSeed) => {
        const problems = checkGame(g, cap, chooserSeed, stats);
        if (problems.length > 0) expect.fail(`${problems.length} difference(s):\n${problems.slice(0, 5).join('\n')}`);
      }),
      fcParams(GAMES, SEED),
    );
    // The games went where the leaks were: every kind of twin was made, X held an INTERRUPT card in
    // one twin only when another seat's command opened a window, X's defence options differed while
    // X's character was attacked, deadlines passed, refusals were compared.
    expect(stats.games).toBeGreaterThanOrEqual(GAMES);
    expect(stats.points).toBeGreaterThanOrEqual(GAMES * POINTS);
    const least: Record<Variant, number> = {
      'hand-deck': 1000,
      'deck-order': 1000,
      'starting-cards': 300,
      'map-cards': 200,
      'removed-map-card': 5,
      'claim-card': 10,
      'claim-or-pass': 30,
      // Solo games only (their own test below).
      'solo-deck-order': -1,
    };
    for (const v of VARIANTS) expect(stats.twins[v], `${v} twins`).toBeGreaterThan(least[v]);
    expect(stats.commands.played).toBeGreaterThan(GAMES);
    expect(stats.commands.deadline).toBeGreaterThan(GAMES);
    expect(stats.commands['other seat']).toBeGreaterThan(GAMES);
    expect(stats.commands['not the sender’s']).toBeGreaterThan(GAMES);
    expect(stats.refusals).toBeGreaterThan(GAMES);
    expect(stats.windowsWithInterruptDiffering).toBeGreaterThan(500);
    expect(stats.defencesWithOptionsDiffering).toBeGreaterThan(70);
  }, TIMEOUT * 2);

  // Dark Judges expansion: a Dark Judges seat at every table. Their removed map card ("without
  // revealing it to anyone") is one more hidden thing; their armour ("Armour") is public, and Cloud
  // of Decay asks for defences at the start of a turn, right after the cards the last turn drew.
  it(`${DARK_GAMES} random games with a Dark Judges seat: no other reader’s bytes depend on a seat’s hidden cards, the removed map card included`, () => {
    const stats = emptyStats();
    fc.assert(
      fc.property(randomGameArb('mixed', 'dark-judges').map(asked), capArb, fc.integer(), (g, cap, chooserSeed) => {
        const problems = checkGame(g, cap, chooserSeed, stats);
        if (problems.length > 0) expect.fail(`${problems.length} difference(s):\n${problems.slice(0, 5).join('\n')}`);
      }),
      fcParams(DARK_GAMES, SEED + 1),
    );
    expect(stats.games).toBeGreaterThanOrEqual(DARK_GAMES);
    for (const v of ['hand-deck', 'deck-order', 'starting-cards', 'map-cards', 'removed-map-card'] as const) expect(stats.twins[v], `${v} twins`).toBeGreaterThan(10);
    expect(stats.commands.played).toBeGreaterThan(DARK_GAMES);
    expect(stats.defencesWithOptionsDiffering).toBeGreaterThan(10);
  }, TIMEOUT * 2);

  // Solo ("Playing solo against the Dark Judges"): the solo deck's order is hidden from everyone, the
  // player included, and a solo card is public once drawn — for the Dark Judges' turn or for a
  // defence. Their turn is played by the rules within the player's commands, so every command that
  // ends the player's turn draws from it.
  it(`${SOLO_GAMES} random solo games: no reader’s bytes depend on the solo deck’s order below the card drawn next`, () => {
    const stats = emptyStats();
    fc.assert(
      fc.property(soloGameArb().map(asked), capArb, fc.integer(), (g, cap, chooserSeed) => {
        const problems = checkGame(g, cap, chooserSeed, stats);
        if (problems.length > 0) expect.fail(`${problems.length} difference(s):\n${problems.slice(0, 5).join('\n')}`);
      }),
      fcParams(SOLO_GAMES, SEED + 2),
    );
    expect(stats.games).toBeGreaterThanOrEqual(SOLO_GAMES);
    for (const v of ['hand-deck', 'deck-order', 'solo-deck-order'] as const) expect(stats.twins[v], `${v} twins`).toBeGreaterThan(100);
    expect(stats.commands.played).toBeGreaterThan(SOLO_GAMES);
  }, TIMEOUT * 2);

  // A check that cannot fail proves nothing. The rules with the two leaks the design first had (R11,
  // R14) must be caught: a window that names as eligible only the seats holding an INTERRUPT card,
  // and a defence that awaits only the owners holding a card that could defend.
  it('the check finds a window that asks only the seats holding an INTERRUPT card, and a defence that awaits only owners holding a card', () => {
    const found = new Set<string>();
    fc.assert(
      fc.property(randomGameArb().map(asked), capArb, fc.integer(), (g, cap, chooserSeed) => {
        const problems = checkGame(g, cap, chooserSeed, emptyStats(), false, leaky);
        for (const p of problems) {
          // Where the redacted events first differ: a window naming other seats in one twin.
          if (/first at InterruptWindowOpened \/ InterruptWindowOpened/.test(p)) found.add('interrupt window');
          // Who is awaited, during a defence.
          if (/\(defence\), X = seat \d+, [a-z-]+ twin: reader \S+'s awaiting differs/.test(p)) found.add('defence');
        }
      }),
      fcParams(100, SEED),
    );
    expect([...found].sort()).toEqual(['defence', 'interrupt window']);
  }, TIMEOUT);
});
