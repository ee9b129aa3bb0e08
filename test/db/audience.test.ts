// A process that listens alone on its database sends no NOTIFY with its statements and tells its
// own listeners itself; once another process listens, every statement NOTIFYs again, and the
// newcomer starts listening only after the last statement that left its NOTIFY out has committed
// (src/db/audience.ts, `announce` in src/db/listener.ts). Real Postgres, two pools as two processes.

import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { announce, ChannelListener } from '../../src/db/listener.ts';
import { testPool, useTestDatabase } from '../support/database.ts';

const CHANNEL = 'audience_test';
const used = useTestDatabase({ migrate: false });
const opened: Listening[] = [];
afterAll(() => Promise.all(opened.map((p) => p.stop())));

interface Listening {
  heard: string[];
  /** Announces `payload` through a statement on the pool; whether the statement NOTIFYd. `hold`: it commits only once this resolves. */
  send(payload: string, hold?: Promise<void>): Promise<boolean>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function processOn(url: string): Listening {
  const pool: pg.Pool = testPool(url, 3);
  const heard: string[] = [];
  const listener = new ChannelListener(pool, CHANNEL, (payload) => heard.push(payload));
  let stopped = false;
  const member: Listening = {
    heard,
    send: (payload, hold) =>
      announce(pool, CHANNEL, async (notify) => {
        await hold;
        await pool.query(notify ? `SELECT pg_notify('${CHANNEL}', $1)` : 'SELECT $1::text', [payload]);
        return { value: notify, payload };
      }),
    start: () => listener.start(),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await listener.stop();
      await pool.end();
    },
  };
  opened.push(member);
  return member;
}

async function eventually(check: () => Promise<boolean> | boolean, what: string, ms = 10_000): Promise<void> {
  const stop = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > stop) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a process alone, then two', () => {
  let first: Listening;
  let second: Listening;

  it('alone, a statement leaves its NOTIFY out, and the process hears the payload all the same', async () => {
    first = processOn(used.database.url);
    await first.start();
    expect(await first.send('first-alone')).toBe(false);
    await eventually(() => first.heard.includes('first-alone'), 'the first process hears its own payload');
  });

  it('a newcomer is let in once the first NOTIFYs and its statements without NOTIFY have committed; each then hears the other', async () => {
    let release!: () => void;
    const held = first.send('held back', new Promise<void>((resolve) => (release = resolve)));
    second = processOn(used.database.url);
    let secondListening = false;
    const started = second.start().then(() => (secondListening = true));
    // The first sees the newcomer waiting and NOTIFYs from then on...
    await eventually(() => first.send('probe'), 'the first process NOTIFYs once a second one waits');
    // ...but the newcomer waits for the statement that left its NOTIFY out.
    expect(secondListening).toBe(false);
    release();
    expect(await held).toBe(false);
    await started;

    expect(await first.send('from the first')).toBe(true);
    expect(await second.send('from the second')).toBe(true);
    await eventually(() => second.heard.includes('from the first'), 'the second process hears the first');
    await eventually(() => first.heard.includes('from the second'), 'the first process hears the second');
    // What the first left its NOTIFY out of, it alone heard.
    expect(first.heard).toContain('held back');
    expect(second.heard).not.toContain('held back');
  });

  it('once the other has gone, the process left alone leaves its NOTIFYs out again', async () => {
    await second.stop();
    await eventually(async () => !(await first.send('alone again?')), 'the first process is alone again');
  });

  it('with its listening connection cut, it takes the lock again and is alone once more', async () => {
    await used.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'channel listener'`);
    await eventually(async () => !(await first.send('after the cut')), 'the first process is alone after reconnecting');
    await eventually(() => first.heard.includes('after the cut'), 'it still hears its own payloads');
  });
});
