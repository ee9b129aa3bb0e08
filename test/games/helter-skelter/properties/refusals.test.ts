// Refusals are typed and change nothing. Commands reach decide as untrusted JSON from the API
// (commands are POSTed as JSON bodies; game-module.ts: "A refusal with a stable machine code
// and a sentence a player can read"). Whatever arrives, decide must answer — never throw — and a
// refusal must leave the state exactly as it was.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMAND_FIELDS } from '../../../../src/games/helter-skelter/commands.ts';
import type { Command, GameState } from '../../../../src/games/helter-skelter/types.ts';
import { RuleError, type Sender } from '../../../../src/platform/game-module.ts';
import { deepFreeze, fcParams, game, normalize, playOnce, randomGameArb, steps, TIMEOUT, type RandomGame } from './harness.ts';

/** Every code the engine can refuse with: the upper-case string literals in its source. */
function engineCodes(): Set<string> {
  const root = join(import.meta.dirname, '../../../../src/games/helter-skelter');
  const files = [...(readdirSync(root, { recursive: true }) as string[]), '../../platform/decider.ts'].filter((f) => f.endsWith('.ts'));
  const codes = new Set<string>();
  for (const f of files) for (const m of readFileSync(join(root, f), 'utf8').matchAll(/'([A-Z][A-Z_]{2,})'/g)) codes.add(m[1]!);
  return codes;
}
const CODES = engineCodes();

/** States of one random game in each kind of situation (and its end), frozen so any write throws. */
function statesOf(g: RandomGame): GameState[] {
  const byKind = new Map<string, GameState>();
  byKind.set('setup', game.initialState(g.setup));
  const all = [...steps(g, playOnce(g))];
  for (const step of all.filter((_, i) => i % 3 === 0 || i === all.length - 1)) byKind.set(`${step.after.situation.kind}-${step.index % 3}`, step.after);
  return [...byKind.values()].map((s) => deepFreeze(structuredClone(s)));
}

let sampled: GameState[] | undefined;
/** States from a few random games (2–4 players, both maps), sampled once per file. */
function states(): GameState[] {
  sampled ??= fc.sample(randomGameArb('none'), { numRuns: 8, seed: 0xbad0 }).flatMap(statesOf);
  return sampled;
}
const stateArb = fc.nat().map((i) => states()[i % states().length]!);

const TYPES = Object.keys(COMMAND_FIELDS);
const FIELDS = [...new Set(Object.values(COMMAND_FIELDS).flatMap((f) => Object.keys(f))), 'windowId', 'hiEx', 'interrupt', 'type'];

/** Numbers that break naive checks. */
const awkwardNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 40.5, 41, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 1e-300),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const awkwardString = fc.oneof(
  fc.constantFrom('', ' ', '__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'x'.repeat(65), 'x'.repeat(10_000), '\u0000', 'judges-01', 'dredd'),
  fc.string({ maxLength: 20 }),
);
/** JSON values leaning towards the awkward ones. */
const jsonish: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    awkwardNumber,
    awkwardString,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 9 }),
    fc.dictionary(fc.oneof(awkwardString, fc.constantFrom(...FIELDS)), tie('value'), { maxKeys: 5, noNullPrototype: true }),
  ),
})).value;

/** An object that looks like a command: a known (or junk) type, fields of the right names with any values. */
const commandLike = fc
  .record(
    {
      type: fc.oneof(fc.constantFrom(...TYPES), awkwardString, awkwardNumber),
      fields: fc.dictionary(fc.constantFrom(...FIELDS), jsonish, { maxKeys: 6, noNullPrototype: true }),
    },
    { noNullPrototype: true },
  )
  .map(({ type, fields }) => ({ ...fields, type }));

const anyJson = fc.oneof(fc.jsonValue(), jsonish, commandLike, commandLike, commandLike);

const senderArb: fc.Arbitrary<Sender> = fc.oneof(
  fc.integer({ min: 0, max: 3 }).map((seat) => ({ kind: 'seat' as const, seat })),
  awkwardNumber.map((seat) => ({ kind: 'seat' as const, seat })),
  fc.constant({ kind: 'system' as const }),
);

/** Checks one answer of decide to an input; returns the refusal code, or null when accepted. */
function checkAnswer(s: GameState, input: unknown, sender: Sender): string | null {
  const before = JSON.stringify(s);
  const d = game.decide(s, input as Command, sender);
  expect(JSON.stringify(s), 'the state is untouched').toBe(before);
  if (d.ok) {
    // Accepted junk must be something the sender could send anyway.
    if (sender.kind === 'system') expect((input as Command).type).toBe('EXPIRE_WINDOW');
    // R34: SET_ORDERS is never listed, yet accepted from any seat until the game is over.
    else if ((input as Command).type === 'SET_ORDERS') expect(d.events.map((e) => e.type)).toEqual(['OrdersSet']);
    // R70: RESIGN is never listed either, yet accepted as the seat's anytime commands offer it.
    else if ((input as Command).type === 'RESIGN') expect((game.anytimeCommands?.(s, sender.seat) ?? []).map(normalize)).toContain(normalize(input));
    else expect(game.legalCommands(s, sender.seat).map(normalize)).toContain(normalize(input));
    return null;
  }
  expect(d.error).toBeInstanceOf(RuleError);
  expect(d.error.code).toMatch(/^[A-Z][A-Z_]+$/);
  expect(CODES, `${d.error.code} is a code the engine defines`).toContain(d.error.code);
  expect(typeof d.error.message).toBe('string');
  expect(d.error.message.length).toBeGreaterThan(0);
  // Stable: the same command on the same state is refused the same way.
  const again = game.decide(s, input as Command, sender);
  expect(again.ok || again.error.code).toBe(d.error.code);
  return d.error.code;
}

describe('refusals: decide never throws for any JSON command, refuses with a stable RuleError, and changes nothing', () => {
  // Commands are JSON bodies, and game-module.ts (Decision, RuleError with a stable code).
  it('any JSON value as a command (random objects, wrong types, extra fields, huge numbers, arrays) gets an answer, never an exception', () => {
    fc.assert(
      fc.property(stateArb, anyJson, senderArb, (s, input, sender) => {
        checkAnswer(s, deepFreeze(input), sender);
      }),
      fcParams(3000, 0xbad1),
    );
  }, TIMEOUT);

  // Found with FC_SEED=random: {"type": {"toString": …}} made decide throw while it wrote its message.
  it('values that cannot be turned into text (an object with a non-callable toString or valueOf, a null-prototype object) are refused, not thrown', () => {
    const nasty: unknown[] = [
      { type: { toString: 1 } },
      { type: { toString: -1116464962, valueOf: 2 } },
      { type: Object.create(null) as unknown },
      { type: [{ toString: 1 }] },
      { type: 'MOVE', character: { toString: 1 }, to: 3, cards: [] },
      { type: 'MOVE', character: 'dredd', to: { valueOf: 1 }, cards: [{ toString: 1 }] },
      { type: 'CLAIM_INTERRUPT', card: { toString: null } },
      { type: 'PASS_INTERRUPT', windowId: { toString: 1 } },
      { type: 'RALLY', character: 'dredd', card: 'judges-01', ally: 'giant', moves: [{ character: { toString: 1 }, to: 1, climbCard: null }] },
      { type: 'EXPIRE_WINDOW', windowId: { toString: 1 } },
      JSON.parse('{"type":"END_TURN","__proto__":{"windowId":5}}') as unknown,
    ];
    for (const s of states())
      for (const input of nasty)
        for (const sender of [{ kind: 'seat', seat: 0 }, { kind: 'system' }] as Sender[]) expect(checkAnswer(s, input, sender)).toBe('INVALID_COMMAND');
  });

  // commands.ts: "A command that does not fit is refused as INVALID_COMMAND."
  it('a malformed command (not an object, unknown type, missing or mistyped field, unexpected field) is refused as INVALID_COMMAND', () => {
    const legalish = fc.oneof(
      fc.jsonValue().filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
      fc.record({ type: awkwardString.filter((t) => !TYPES.includes(t)) }, { noNullPrototype: true }),
    );
    fc.assert(
      fc.property(stateArb, legalish, senderArb, (s, input, sender) => {
        expect(checkAnswer(s, input, sender)).toBe('INVALID_COMMAND');
      }),
      fcParams(500, 0xbad2),
    );
    // A listed command with one field broken or one field added.
    fc.assert(
      fc.property(stateArb, fc.nat(), fc.oneof(jsonish, fc.constant(undefined)), awkwardString, (s, pickAt, junk, extra) => {
        const seat = game.awaiting(s)[0]?.seat;
        if (seat === undefined) return;
        const legal = game.legalCommands(s, seat);
        const c = structuredClone(legal[pickAt % legal.length]!) as unknown as Record<string, unknown>;
        const fields = Object.keys(COMMAND_FIELDS[c.type as Command['type']]);
        if (fields.length > 0) {
          const broken = { ...c, [fields[pickAt % fields.length]!]: junk };
          // Either the junk happens to fit the field (then the rules judge it) or it is malformed.
          checkAnswer(s, JSON.parse(JSON.stringify(broken)) as unknown, { kind: 'seat', seat });
        }
        if (!(extra in c)) expect(checkAnswer(s, { ...c, [extra]: 1 }, { kind: 'seat', seat })).toBe('INVALID_COMMAND');
      }),
      fcParams(1000, 0xbad3),
    );
  }, TIMEOUT);

  // architecture.md: "the same state and command give the same events"; a refused command leaves no trace.
  it('a game with refused junk interleaved before every command plays out exactly as without it', () => {
    fc.assert(
      fc.property(randomGameArb(), fc.array(fc.tuple(anyJson, senderArb), { minLength: 20, maxLength: 20 }), (g, junk) => {
        const played = playOnce(g);
        let state = deepFreeze(game.initialState(g.setup));
        let k = 0;
        for (const h of played.history) {
          const [input, sender] = junk[k++ % junk.length]!;
          const d = game.decide(state, input as Command, sender);
          if (!d.ok) expect(d.error).toBeInstanceOf(RuleError);
          const real = game.decide(state, h.command, h.sender);
          expect(real.ok).toBe(true);
          if (real.ok) for (const e of real.events) state = deepFreeze(game.evolve(state, e));
        }
        expect(JSON.stringify(state)).toBe(JSON.stringify(played.state));
      }),
      fcParams(8, 0xbad4),
    );
  }, TIMEOUT);

  // game-module.ts: legalCommands for any seat; the platform may ask about a seat that is not in the game.
  it('legalCommands and awaiting never throw, for any seat number', () => {
    fc.assert(
      fc.property(stateArb, awkwardNumber, (s, seat) => {
        const legal = game.legalCommands(s, seat);
        if (!(Number.isInteger(seat) && seat >= 0 && seat < s.seats.length)) expect(legal).toEqual([]);
        expect(Array.isArray(game.awaiting(s))).toBe(true);
      }),
      fcParams(500, 0xbad5),
    );
  }, TIMEOUT);
});
