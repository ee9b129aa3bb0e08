// Runs password-strength.ts (zxcvbn) in a worker thread of its own. Its dictionaries take about
// 25 MiB of heap: on the main thread every full garbage collection marked them again, and made
// its pause longer (docs/performance.md). A check also takes up to tens of milliseconds, which the
// event loop no longer waits for.

import { Worker } from 'node:worker_threads';

export interface StrengthQuestion {
  id: number;
  password: string;
  context: readonly string[];
  service: readonly string[];
}

export interface StrengthAnswer {
  id: number;
  reason: string | undefined;
}

/**
 * The thread ends once no check has come for this long, and starts again on the next one (about
 * 0.3 s, off the event loop): a server where nobody registers does not keep its memory.
 */
const IDLE_MS = 60_000;

let worker: Worker | undefined;
let idle: NodeJS.Timeout | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (reason: string | undefined) => void; reject: (error: Error) => void }>();

/**
 * Why `password` is too easy to guess, or undefined (password-strength.ts' guessableReason, on the
 * checker's thread). One thread serves the whole process: every app in it asks the same question.
 */
export function guessableReason(password: string, context: readonly string[], service: readonly string[]): Promise<string | undefined> {
  const thread = started();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, password, context, service } satisfies StrengthQuestion);
  });
}

function started(): Worker {
  clearTimeout(idle);
  if (worker) return worker;
  // Node strips the worker's types as it does the service's (npm start), under vitest too; none of
  // the service's V8 flags are wanted on this thread.
  const thread = new Worker(new URL('./password-strength-worker.ts', import.meta.url), { execArgv: [] });
  thread.on('message', ({ id, reason }: StrengthAnswer) => {
    pending.get(id)?.resolve(reason);
    pending.delete(id);
    if (pending.size === 0) rest(thread);
  });
  thread.on('error', (error) => end(thread, error));
  thread.on('exit', (code) => end(thread, new Error(`The password checker's thread exited (code ${code}).`)));
  worker = thread;
  return thread;
}

/** Idle: the thread no longer keeps the process alive, and ends after IDLE_MS. */
function rest(thread: Worker): void {
  thread.unref();
  idle = setTimeout(() => {
    if (worker === thread) worker = undefined; // a check that comes while it ends starts another
    void thread.terminate();
  }, IDLE_MS).unref();
}

/** The thread is gone (ended idle, or failed): what it still owed fails, and the next check starts another. */
function end(thread: Worker, error: Error): void {
  if (worker !== thread) return;
  worker = undefined;
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}
