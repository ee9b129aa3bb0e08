// Invariants of random legal play. Whole random games (2–4 players, both maps, random teams and
// seating, with and without deadlines passing) are folded event by event and each invariant is
// checked after every single event; the turn-flow invariants are checked after every accepted
// command instead (between the events of one command a state may be half-way: a character at 0
// health not yet flipped, a fifth point not yet declared a win, a turn ended but no window open).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardFor } from '../../../../src/games/helter-skelter/board/index.ts';
import { TEAMS } from '../../../../src/games/helter-skelter/content/index.ts';
import { maxHealth, points } from '../../../../src/games/helter-skelter/state.ts';
import type { Event, GameState } from '../../../../src/games/helter-skelter/types.ts';
import { eventStates, fcParams, game, playOnce, randomGameArb, steps, type RandomGame, TIMEOUT } from './harness.ts';

const DECK_SIZE = 30;
const HAND_LIMIT = 7;
const FRAGMENTS_PER_SEAT = 5;
const MAP_CARDS_DEALT = 10;
const WINNING_POINTS = 5;
const GAMES = 30;
const SEED = 0x5eed01;

/** What the events so far say. */
interface Tally {
  kills: number[];
  fragments: number[];
  setupCompleted: boolean;
  ended: Extract<Event, { type: 'GameEnded' }> | null;
}

function tallyEvent(t: Tally, e: Event): void {
  if (e.type === 'CharacterKilled' && e.scoredBy !== null) t.kills[e.scoredBy]!++;
  if (e.type === 'FragmentCollected') t.fragments[e.seat]!++;
  if (e.type === 'SetupCompleted') t.setupCompleted = true;
  if (e.type === 'GameEnded') t.ended = e;
}

interface Invariant {
  name: string;
  /** After every event, or only once a command's events are all applied. */
  after: 'event' | 'command';
  /** What is broken in this state; empty when the invariant holds. */
  check(s: GameState, t: Tally): string[];
}

const teamCardSets = new Map<string, Set<string>>();
const teamCards = (team: keyof typeof TEAMS): Set<string> => {
  let set = teamCardSets.get(team);
  if (!set) teamCardSets.set(team, (set = new Set(TEAMS[team].deck.map((c) => c.id))));
  return set;
};

const teamOf = (s: GameState, seat: number) => Object.values(s.characters).filter((c) => c.seat === seat);

const INVARIANTS: Invariant[] = [
  {
    // Rulebook "Prep": "shuffle your action cards into a face down deck"; content.md: 30 cards a team;
    // "Your turn" step 4: "If at any point your deck runs out, shuffle your discard pile into a new deck."
    name: 'every card of a seat’s team is in exactly one of its deck, hand or discard pile (30, no duplicates)',
    after: 'event',
    check: (s) =>
      s.seats.flatMap((seat, i) => {
        const team = teamCards(seat.team);
        const held = [...seat.deck, ...seat.hand, ...seat.discard];
        const distinct = new Set(held);
        const broken: string[] = [];
        if (held.length !== DECK_SIZE) broken.push(`seat ${i} holds ${held.length} cards`);
        if (distinct.size !== held.length) broken.push(`seat ${i} holds a card twice`);
        const foreign = held.filter((c) => !team.has(c));
        if (foreign.length > 0 || distinct.size !== team.size) broken.push(`seat ${i}: foreign cards ${foreign}, ${distinct.size} of ${team.size}`);
        return broken;
      }),
  },
  {
    // "You can have up to seven cards in your hand. If drawing three cards would mean you had more
    // than seven cards, stop drawing once you reach seven."
    name: 'a hand never holds more than 7 cards',
    after: 'event',
    check: (s) => s.seats.flatMap((seat, i) => (seat.hand.length > HAND_LIMIT ? [`seat ${i} holds ${seat.hand.length}`] : [])),
  },
  {
    // "Place as many health cubes on each character card as needed to match their starting health"
    // … "A character can never have more health cubes than their starting health." (HEAL); Warp-Sláine's
    // most health is his card's (R21).
    name: 'health stays within 0..max health of the character’s current form',
    after: 'event',
    check: (s) =>
      Object.values(s.characters).flatMap((c) =>
        !Number.isInteger(c.health) || c.health < 0 || c.health > maxHealth(c) ? [`${c.id} (${c.form}) has ${c.health}`] : [],
      ),
  },
  {
    // "When the last cube has been removed from a character, they have been killed – flip the
    // character card face down." "take the figure and place it in front of you" / "remove it from the game".
    name: 'dead ⇔ status dead, no space and no health; deployed ⇔ on a space of the map',
    after: 'event',
    check: (s) => {
      const board = boardFor(s.map);
      return Object.values(s.characters).flatMap((c) => {
        const broken: string[] = [];
        if (c.status === 'dead' && (c.space !== null || c.health !== 0)) broken.push(`${c.id} dead but on ${c.space} with ${c.health}`);
        if (c.status !== 'dead' && c.health === 0 && c.status !== 'deployed') broken.push(`${c.id} at 0 health is ${c.status}`);
        if (c.status === 'deployed' && (c.space === null || !board.spaces.includes(c.space))) broken.push(`${c.id} deployed on ${c.space}`);
        if (c.status === 'undeployed' && c.space !== null) broken.push(`${c.id} undeployed but on ${c.space}`);
        // "Remove that map card from the game" (deploy).
        if (c.status !== 'undeployed' && c.startingCards.length > 0) broken.push(`${c.id} keeps its starting map cards`);
        return broken;
      });
    },
  },
  {
    // Same rule, once the command is done: nobody is left standing with no cube.
    name: 'after each command: no character on the board has 0 health',
    after: 'command',
    check: (s) => Object.values(s.characters).flatMap((c) => (c.status === 'deployed' && c.health === 0 ? [`${c.id} alive at 0`] : [])),
  },
  {
    // "Each enemy character you kill is worth one point. Each fragment of reality you collect is worth
    // one point." docs/architecture.md §5, "Who sees what": scores are public (the view's `points`).
    name: 'score = kills + fragments collected, as the events tell them',
    after: 'event',
    check: (s, t) => {
      const spectator = game.view(s, null);
      return s.seats.flatMap((seat, i) => {
        const broken: string[] = [];
        // Infamous Adversaries (Dark Judges expansion): "Each Dark Judge killed by another player is worth 2 points."
        const kills = seat.kills.reduce((n, k) => n + (s.characters[k]!.armour !== undefined ? 2 : 1), 0);
        if (spectator.seats[i]!.points !== kills + seat.fragments) broken.push(`seat ${i}: points ≠ kills + fragments`);
        if (points(s, i) !== spectator.seats[i]!.points) broken.push(`seat ${i}: view and state disagree on points`);
        if (seat.kills.length !== t.kills[i]) broken.push(`seat ${i}: ${seat.kills.length} kills, ${t.kills[i]} scored in events`);
        if (seat.fragments !== t.fragments[i]) broken.push(`seat ${i}: ${seat.fragments} fragments, ${t.fragments[i]} collected in events`);
        return broken;
      });
    },
  },
  {
    // "If you take a combat action that kills another team's character, take the figure and place it
    // in front of you as a point. You do not earn points for killing your own characters."
    name: 'each kill is a distinct enemy character that is dead',
    after: 'event',
    check: (s) =>
      s.seats.flatMap((seat, i) => {
        const broken: string[] = [];
        if (new Set(seat.kills).size !== seat.kills.length) broken.push(`seat ${i} scored a kill twice`);
        for (const k of seat.kills) {
          const victim = s.characters[k];
          if (!victim || victim.seat === i) broken.push(`seat ${i} scored ${k}, not an enemy`);
          else if (victim.status !== 'dead') broken.push(`seat ${i} scored ${k}, which is ${victim.status}`);
        }
        return broken;
      }),
  },
  {
    // Components: "20 Fragments of Reality [5 per team]"; "Place your fragments on the spaces designated
    // on the map cards handed to you by the player on your left." Before that, "deal ten to each player"
    // and "Secretly place a map card face down below each of your character cards" (Ukko: two).
    name: 'fragments on the board + fragments collected = 5 per seat after set-up; map cards kept during set-up',
    after: 'event',
    check: (s, t) => {
      const board = boardFor(s.map);
      const broken = s.fragments.filter((f) => !board.spaces.includes(f.space)).map((f) => `fragment on ${f.space}`);
      for (const [i, seat] of s.seats.entries()) {
        const onBoard = s.fragments.filter((f) => f.seat === i).length;
        // Dark Judges expansion, Setup: they receive map cards "without placing any fragments of reality".
        const perSeat = seat.team === 'dark-judges' ? 0 : FRAGMENTS_PER_SEAT;
        if (t.setupCompleted && onBoard + seat.fragments !== perSeat)
          broken.push(`seat ${i}: ${onBoard} on the board + ${seat.fragments} collected`);
        if (!t.setupCompleted) {
          const assigned = teamOf(s, i).reduce((n, c) => n + c.startingCards.length, 0);
          // Dark Judges: "remove one of your 6 remaining map cards from the game".
          const removed = seat.mapCardRemoved ? 1 : 0;
          if (seat.mapCards.length + assigned + removed !== MAP_CARDS_DEALT) broken.push(`seat ${i}: map cards lost during set-up`);
          if (onBoard !== 0 || seat.fragments !== 0) broken.push(`seat ${i}: fragments before set-up completed`);
        }
      }
      return broken;
    },
  },
  {
    // "If all your characters are killed, you are eliminated." (Once the game is over the last
    // victim's seat may not be marked: "The other players don't get to take any more turns.")
    name: 'a seat is eliminated ⇔ all its characters are dead',
    after: 'command',
    check: (s) =>
      s.seats.flatMap((seat, i) => {
        const allDead = teamOf(s, i).every((c) => c.status === 'dead');
        if (seat.eliminated && !allDead) return [`seat ${i} eliminated with a character alive`];
        if (!game.isOver(s) && allDead && !seat.eliminated) return [`seat ${i}: all dead, not eliminated`];
        return [];
      }),
  },
  {
    // game-module.ts: awaiting() is who may act now; legalCommands() is "every command seat could send
    // now" (architecture.md, platform interface). Until the game is over someone is awaited, every
    // awaited seat has at least one legal command, and a seat not awaited has none.
    name: 'awaiting is non-empty until the game is over, and every awaited seat has a legal command',
    after: 'command',
    check: (s) => {
      const broken: string[] = [];
      const awaited = game.awaiting(s);
      const over = game.isOver(s);
      const open = s.situation.kind === 'over' ? null : s.situation.windowId;
      if (!over && awaited.length === 0) broken.push(`nobody is awaited in ${s.situation.kind}`);
      if (over && awaited.length > 0) broken.push('seats awaited after the game is over');
      for (const a of awaited) if (a.windowId !== open) broken.push(`seat ${a.seat} awaited in ${a.windowId}, but ${open} is open`);
      for (let seat = 0; seat < s.seats.length; seat++) {
        const legal = game.legalCommands(s, seat);
        const isAwaited = awaited.some((a) => a.seat === seat);
        if (isAwaited && legal.length === 0) broken.push(`seat ${seat} is awaited in ${s.situation.kind} with no legal command`);
        if (!isAwaited && legal.length > 0) broken.push(`seat ${seat} is not awaited but has ${legal.length} legal commands`);
        if (legal.some((c) => c.type === 'EXPIRE_WINDOW' || c.windowId !== open)) broken.push(`seat ${seat}: a listed command for another window`);
      }
      return broken;
    },
  },
  {
    // "If you reach five points, you win. The other players don't get to take any more turns." "If all
    // your characters are killed, you are eliminated and the remaining player with the most points
    // wins." (R25, R26); R33 (stalemate).
    name: 'a game over has winners, who won on 5 points or as the leaders left after an elimination or a stalemate',
    after: 'command',
    check: (s, t) => {
      const over = game.isOver(s);
      const broken: string[] = [];
      if (over !== (t.ended !== null)) broken.push('over without GameEnded, or GameEnded without over');
      if (!over) {
        if (s.winners.length > 0) broken.push('winners before the game is over');
        for (let i = 0; i < s.seats.length; i++) if (points(s, i) >= WINNING_POINTS) broken.push(`seat ${i} has ${points(s, i)} points, the game goes on`);
        return broken;
      }
      if (s.winners.length === 0) broken.push('the game is over with no winner');
      if (!t.ended) return broken;
      if (JSON.stringify(t.ended.winners) !== JSON.stringify(s.winners)) broken.push('winners differ from GameEnded');
      if (t.ended.reason === 'points' && !s.winners.every((w) => points(s, w) >= WINNING_POINTS)) broken.push('won on points with fewer than 5');
      // R33: a stalemate (nothing could ever change the score) is won like an elimination, by the most points among those remaining.
      if (t.ended.reason === 'elimination' || t.ended.reason === 'stalemate') {
        if (t.ended.reason === 'elimination' && !s.seats.some((seat) => seat.eliminated)) broken.push('ended by elimination with nobody eliminated');
        let remaining = s.seats.map((_, i) => i).filter((i) => !s.seats[i]!.eliminated);
        if (remaining.length === 0) remaining = s.seats.map((_, i) => i);
        const best = Math.max(...remaining.map((i) => points(s, i)));
        const leaders = remaining.filter((i) => points(s, i) === best);
        if (JSON.stringify(leaders) !== JSON.stringify(s.winners)) broken.push(`elimination winners ${s.winners}, leaders ${leaders}`);
      }
      return broken;
    },
  },
];

const newTally = (g: RandomGame): Tally => {
  const n = g.setup.seats.length;
  return { kills: Array(n).fill(0), fragments: Array(n).fill(0), setupCompleted: false, ended: null };
};

/** Checks one invariant throughout one random game; fails with the first event or command that breaks it. */
function checkThroughout(g: RandomGame, inv: Invariant): void {
  const played = playOnce(g);
  // A proven deadlock is a known rules gap (simulation.test.ts); the invariants must hold in it too.
  expect(played.finished || played.deadlocked, 'the game finished, or is a proven deadlock').toBe(true);
  const t = newTally(g);
  if (inv.after === 'event') {
    const first = inv.check(game.initialState(g.setup), t);
    if (first.length > 0) expect.fail(`initial state: ${first.join('; ')}`);
    for (const { state, event, index } of eventStates(g, played.events)) {
      tallyEvent(t, event);
      const broken = inv.check(state, t);
      if (broken.length > 0) expect.fail(`after event ${index} (${JSON.stringify(event)}): ${broken.join('; ')}`);
    }
    return;
  }
  const first = inv.check(game.initialState(g.setup), t);
  if (first.length > 0) expect.fail(`initial state: ${first.join('; ')}`);
  for (const step of steps(g, played)) {
    for (const e of step.events) tallyEvent(t, e);
    const broken = inv.check(step.after, t);
    if (broken.length > 0) expect.fail(`after command ${step.index} ${JSON.stringify(step.command)}: ${broken.join('; ')}`);
  }
}

describe('invariants of random legal play (2–4 players, both maps, random teams, with and without deadlines passing)', () => {
  for (const inv of INVARIANTS) {
    it(`${inv.name} — after every ${inv.after}`, () => {
      fc.assert(
        fc.property(randomGameArb(), (g) => checkThroughout(g, inv)),
        fcParams(GAMES, SEED),
      );
    }, TIMEOUT);
  }

  // docs/architecture.md §4: every situation has a deadline; R3, R6, R15 say what the server does when it passes.
  it('all invariants also hold when deadlines pass often (expiry rate 0.3)', () => {
    fc.assert(
      fc.property(randomGameArb(0.3), (g) => {
        for (const inv of INVARIANTS) checkThroughout(g, inv);
      }),
      fcParams(10, SEED + 1),
    );
  }, TIMEOUT);
});

describe('the invariant checks themselves', () => {
  // A property that can never fail proves nothing: each check must catch a state broken its way.
  const g: RandomGame = {
    setup: { map: 'grand-hall-of-justice', seats: [{ team: 'judges' }, { team: 'slaine' }], seed: 'meta' },
    playerSeed: 1,
    expiryRate: 0,
  };
  const mid = (): GameState => {
    const played = playOnce(g);
    let s = game.initialState(g.setup);
    // Half way through the game, at a command's end: a state between two events of one command
    // (an interrupt window answered by its last seat but not yet closed) is no state a seat sees.
    let upTo = 0;
    for (const h of played.history) {
      if (upTo + h.events > played.events.length / 2) break;
      upTo += h.events;
    }
    for (const e of played.events.slice(0, upTo)) s = game.evolve(s, e);
    return s;
  };
  const tally = (s: GameState): Tally => ({
    kills: s.seats.map((x) => x.kills.length),
    fragments: s.seats.map((x) => x.fragments),
    setupCompleted: true,
    ended: null,
  });
  const byName = (prefix: string) => INVARIANTS.find((i) => i.name.startsWith(prefix))!;

  it('each invariant holds on a real mid-game state and catches a state broken its way', () => {
    const s = mid();
    for (const inv of INVARIANTS) expect(inv.check(s, tally(s)), inv.name).toEqual([]);
    const dup = mid();
    dup.seats[0]!.hand.push(dup.seats[0]!.deck[0]!);
    expect(byName('every card').check(dup, tally(dup))).not.toEqual([]);
    expect(byName('a hand never').check({ ...dup, seats: dup.seats.map((x) => ({ ...x, hand: [...x.hand, 'a', 'b', 'c', 'd', 'e', 'f', 'g'] })) }, tally(dup))).not.toEqual([]);
    const hurt = mid();
    Object.values(hurt.characters)[0]!.health = 99;
    expect(byName('health stays').check(hurt, tally(hurt))).not.toEqual([]);
    const ghost = mid();
    const victim = Object.values(ghost.characters)[0]!;
    victim.status = 'dead';
    expect(byName('dead ⇔').check(ghost, tally(ghost))).not.toEqual([]);
    const cheat = mid();
    cheat.seats[1]!.fragments++;
    expect(byName('score =').check(cheat, tally(s))).not.toEqual([]);
    expect(byName('fragments on the board').check(cheat, tally(cheat))).not.toEqual([]);
    const ownGoal = mid();
    ownGoal.seats[0]!.kills.push(Object.values(ownGoal.characters).find((c) => c.seat === 0)!.id);
    expect(byName('each kill').check(ownGoal, tally(ownGoal))).not.toEqual([]);
    const stuck = mid();
    stuck.situation = { kind: 'interrupt', windowId: 'w999', actedSeat: 0, actedInterrupting: false, after: 'action', eligible: [], answers: {} };
    expect(byName('awaiting is').check(stuck, tally(stuck))).not.toEqual([]);
    const won = mid();
    won.situation = { kind: 'over' };
    expect(byName('a game over').check(won, tally(won))).not.toEqual([]);
  });
});
