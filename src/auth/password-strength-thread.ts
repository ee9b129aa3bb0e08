// Runs password-strength.ts (zxcvbn) in a worker thread of its own. Its dictionaries take about
// 25 MiB of heap: on the main thread every full garbage collection marked them again, and made
// its pause longer (docs/performance.md). A check also takes up to tens of milliseconds, which the
// event loop no longer waits for.

import { ThreadOnCall } from '../threads/thread-on-call.ts';

export interface StrengthQuestion {
  password: string;
  context: readonly string[];
  service: readonly string[];
}

/**
 * One thread serves the whole process: every app in it asks the same question. It starts on the
 * first check (about 0.3 s, off the event loop) and ends after a minute with none: a server where
 * nobody registers does not keep its memory.
 */
const checker = new ThreadOnCall<StrengthQuestion, string | undefined>(
  new URL('./password-strength-worker.ts', import.meta.url),
  "The password checker's thread",
);

/** Why `password` is too easy to guess, or undefined (password-strength.ts' guessableReason, on the checker's thread). */
export function guessableReason(password: string, context: readonly string[], service: readonly string[]): Promise<string | undefined> {
  return checker.ask({ password, context, service });
}
