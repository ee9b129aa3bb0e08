// fast-check's parameters for the property tests: a fixed seed per property keeps CI reproducible;
// FC_SEED=random explores (or FC_SEED=<n> replays a seed), and FC_RUNS multiplies the number of runs.

import type fc from 'fast-check';

const runs = (n: number) => Math.max(1, Math.round(n * Number(process.env.FC_RUNS ?? 1)));

export const fcParams = (numRuns: number, seed: number): fc.Parameters<unknown> =>
  process.env.FC_SEED === 'random' ? { numRuns: runs(numRuns) } : { numRuns: runs(numRuns), seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : seed };
