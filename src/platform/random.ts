// The games' random generator. Pure: a generator's whole state is a value that lives in game state,
// and an event records the position it reached, so replaying a log never re-rolls.
//
// One generator, keyed: HMAC-SHA-256 in counter mode, keyed by a per-game 256-bit secret from the
// operating system's CSPRNG. Block i is HMAC(key, LABEL ‖ i as 8 bytes big-endian), read as eight
// 32-bit words; the state is the key and the number of words used. Without the key, the stream
// cannot be told from random; with the key (published when the game ends) anyone can re-derive
// every deal and draw.
//
// Integers are drawn by rejection sampling, so every value in [0, n) is equally likely; shuffles are
// Fisher–Yates on top of that.

import { createHmac } from 'node:crypto';
import { keyFromSeed } from './fairness.ts';

/** The generator's name, as a game's set-up records it (and its public `fairness` shows). */
export const KEYED_GENERATOR = 'hmac-sha256-ctr';
export type GeneratorName = typeof KEYED_GENERATOR;

/** A keyed generator: the 64-hex-digit key and how many 32-bit words have been drawn. */
export interface KeyedRng {
  readonly key: string;
  readonly position: number;
}

/** A generator's whole state, as it lives in a game's state. */
export type RngState = KeyedRng;

/** What an event records of a generator: its position, never its key (the key is in the game's set-up and state). */
export type RngPosition = number;

const BLOCK_LABEL = Buffer.from('judge-dredd-pbw rng v1\n', 'utf8');
const WORDS_PER_BLOCK = 8;
const TWO_32 = 4294967296;

export const KEY_HEX_LENGTH = 64;

/** A keyed generator at its start. `key` is 32 bytes as 64 lowercase hex digits. */
export function keyedRng(key: string): KeyedRng {
  if (!/^[0-9a-f]{64}$/.test(key)) throw new Error('A generator key is 32 bytes as 64 lowercase hex digits.');
  return { key, position: 0 };
}

/** The position to record in an event. */
export const rngPosition = (state: RngState): RngPosition => state.position;

/** The generator `state` continued from a recorded position (the inverse of `rngPosition`). */
export const rngAt = (state: RngState, position: RngPosition): RngState => ({ key: state.key, position });

// One block is eight words and a shuffle reads many in a row: keep the last block computed. The
// cache is invisible from outside (same key and index, same bytes), so the functions stay pure.
let cachedKey = '';
let cachedIndex = -1;
let cachedBlock: Buffer = Buffer.alloc(32);

function block(key: string, index: number): Buffer {
  if (index === cachedIndex && key === cachedKey) return cachedBlock;
  const counter = Buffer.alloc(8);
  counter.writeUInt32BE(Math.floor(index / TWO_32), 0);
  counter.writeUInt32BE(index % TWO_32, 4);
  cachedBlock = createHmac('sha256', Buffer.from(key, 'hex')).update(BLOCK_LABEL).update(counter).digest();
  cachedKey = key;
  cachedIndex = index;
  return cachedBlock;
}

/** The next 32-bit word of a keyed generator. */
function nextWord(state: KeyedRng): [number, KeyedRng] {
  const word = block(state.key, Math.floor(state.position / WORDS_PER_BLOCK)).readUInt32BE((state.position % WORDS_PER_BLOCK) * 4);
  return [word, { key: state.key, position: state.position + 1 }];
}

/**
 * A generator keyed by a seed (`keyFromSeed`): reproducible, and so predictable by whoever knows the
 * seed. For a bot's own choices and for engine tests; a game's shuffles use a secret key.
 */
export const seedRng = (seed: string | number): RngState => keyedRng(keyFromSeed(String(seed)));

/** A float in [0, 1) and the next state. */
export function nextFloat<S extends RngState>(state: S): [number, S] {
  const [word, next] = nextWord(state);
  return [word / TWO_32, next as S];
}

/** An integer in [0, n), every value equally likely. */
export function nextInt<S extends RngState>(state: S, n: number): [number, S] {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`nextInt: n must be an integer in [1, 2^32], got ${n}`);
  // Rejection sampling: accept a word only below the largest multiple of n that fits in 32 bits.
  const limit = TWO_32 - (TWO_32 % n);
  let s: KeyedRng = state;
  for (;;) {
    let word: number;
    [word, s] = nextWord(s);
    if (word < limit) return [word % n, s as S];
  }
}

/** One of `items` (not empty), each equally likely, and the next state. */
export function pick<T, S extends RngState>(items: readonly T[], state: S): [T, S] {
  const [k, next] = nextInt(state, items.length);
  return [items[k]!, next];
}

/** Fisher–Yates shuffle; returns a new array and the next state. */
export function shuffle<T, S extends RngState>(items: readonly T[], state: S): [T[], S] {
  const out = items.slice();
  let s = state;
  for (let i = out.length - 1; i > 0; i--) {
    let j: number;
    [j, s] = nextInt(s, i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return [out, s];
}
