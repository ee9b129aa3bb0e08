// OneAtATime (src/platform/one-at-a-time.ts): the writes of one key run one after another, other
// keys are not held back, a failure does not stop the queue, and past its bound the queue refuses.

import { expect, it } from 'vitest';
import { OneAtATime } from '../../src/platform/one-at-a-time.ts';
import { Refusal } from '../../src/platform/refusal.ts';

/** A promise and the function that settles it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

it('runs the work of one key in order, one at a time, and other keys meanwhile', async () => {
  const serial = new OneAtATime();
  const log: string[] = [];
  const first = gate();
  const a1 = serial.run('a', async () => {
    log.push('a1 start');
    await first.promise;
    log.push('a1 end');
  });
  const a2 = serial.run('a', async () => void log.push('a2'));
  await serial.run('b', async () => void log.push('b'));
  expect(log).toEqual(['a1 start', 'b']);
  first.open();
  await Promise.all([a1, a2]);
  expect(log).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
});

it('goes on after a failure, which reaches only its own caller', async () => {
  const serial = new OneAtATime();
  const failed = serial.run('a', async () => {
    throw new Error('boom');
  });
  const next = serial.run('a', async () => 42);
  await expect(failed).rejects.toThrow('boom');
  await expect(next).resolves.toBe(42);
});

it('refuses with 429 TOO_MANY_AT_ONCE (retry-after 1 s) when maxWaiting are already queued for the key', async () => {
  const serial = new OneAtATime(2);
  const held = gate();
  const queued = [serial.run('a', () => held.promise), serial.run('a', async () => 'second')];
  const refused = await serial.run('a', async () => 'third').catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(Refusal);
  expect(refused).toMatchObject({ kind: 'limited', code: 'TOO_MANY_AT_ONCE', extensions: { retryAfterSeconds: 1 } });
  held.open();
  await Promise.all(queued);
  // Drained: the key takes work again.
  await expect(serial.run('a', async () => 'again')).resolves.toBe('again');
});
