// A small seeded PRNG (mulberry32) whose whole state is one 32-bit integer, so it can live in
// game state and be stored in events. Never use Math.random in a game module.

export type RngState = number;

/** Turns any string or number seed into an initial PRNG state. */
export function seedRng(seed: string | number): RngState {
  const text = String(seed);
  let h = 2166136261 >>> 0; // FNV-1a
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}

/** Returns a float in [0, 1) and the next state. */
export function nextFloat(state: RngState): [number, RngState] {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [((t ^ (t >>> 14)) >>> 0) / 4294967296, next];
}

/** An integer in [0, n). */
export function nextInt(state: RngState, n: number): [number, RngState] {
  const [f, s] = nextFloat(state);
  return [Math.floor(f * n), s];
}

/** Fisher–Yates shuffle; returns a new array and the next state. */
export function shuffle<T>(items: readonly T[], state: RngState): [T[], RngState] {
  const out = items.slice();
  let s = state;
  for (let i = out.length - 1; i > 0; i--) {
    let j: number;
    [j, s] = nextInt(s, i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return [out, s];
}
