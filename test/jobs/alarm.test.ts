// The alarm wakes every worker (graphile-worker's own "jobs:insert" NOTIFY) when a deadline this
// process set falls due: checked with a real LISTEN on the same database.

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Alarm } from '../../src/jobs/alarm.ts';
import { useTestDatabase } from '../support/database.ts';

const db = useTestDatabase({ migrate: false });
let listener: pg.Client;
let rung: { at: number; count: number }[] = [];

beforeAll(async () => {
  listener = new pg.Client({ connectionString: db.database.url });
  await listener.connect();
  listener.on('notification', (message) => rung.push({ at: Date.now(), count: JSON.parse(message.payload ?? '{}').count }));
  await listener.query('LISTEN "jobs:insert"');
});

afterAll(async () => {
  await listener?.end();
});

const until = async (done: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
};

describe('Alarm', () => {
  it('rings once per due time, in time order, whatever order they were set in; not before', async () => {
    rung = [];
    const alarm = new Alarm(db.pool, (error) => {
      throw error;
    });
    const start = Date.now();
    const at = (ms: number) => new Date(start + ms).toISOString();
    alarm.set([at(300), at(100)]);
    alarm.set([at(200)]);
    alarm.set([at(100)]); // the same time twice rings once, counting both
    await until(() => rung.length >= 3, 3_000);
    alarm.stop();
    expect(rung.map((r) => r.count)).toEqual([2, 1, 1]);
    for (const [i, due] of [100, 200, 300].entries()) expect(rung[i]!.at - start).toBeGreaterThanOrEqual(due);
  });

  it('rings at once for a time already past, and never after stop()', async () => {
    rung = [];
    const alarm = new Alarm(db.pool, () => undefined);
    alarm.set([new Date(Date.now() - 1_000).toISOString()]);
    await until(() => rung.length >= 1, 2_000);
    expect(rung).toHaveLength(1);
    alarm.set([new Date(Date.now() + 50).toISOString()]);
    alarm.stop();
    await new Promise((r) => setTimeout(r, 200));
    expect(rung).toHaveLength(1);
  });
});
