// Provably fair shuffles: the labels and hashes a player needs to check a game, in one place.
// At creation a game publishes `commitment(key)`; when it ends it publishes the key. Anyone can then
// check that the key matches the commitment made before the first card was dealt, and replay the
// whole log from the public commands with that key (`npm run verify -- --public`).

import { createHash } from 'node:crypto';

/** Prefixed to the key before hashing, so the commitment is useless as a hash of anything else. */
export const COMMITMENT_LABEL = 'judge-dredd-pbw shuffle key v1\n';
/** Prefixed to a client-chosen seed to derive a (reproducible, and so predictable) key from it. */
export const SEED_LABEL = 'judge-dredd-pbw seeded key v1\n';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** SHA-256 of the label and the key's 64 hex digits, as 64 hex digits. */
export const commitment = (key: string): string => sha256(COMMITMENT_LABEL + key);

/** The key a game created with a client-chosen `seed` uses: whoever knows the seed knows every hand. */
export const keyFromSeed = (seed: string): string => sha256(SEED_LABEL + seed);
