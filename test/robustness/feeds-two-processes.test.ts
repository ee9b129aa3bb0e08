// Two server processes on one database (two apps, each with its own pool and listener): a reader
// waiting on one hears at once a command accepted by the other, through the NOTIFY its append
// sends (src/service/signals.ts).

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOn, useTestApp, type TestApp } from '../support/app.ts';
import { call, postCommand, readGame, register, startGame, type HttpPlayer } from '../support/http-client.ts';
import { openSse } from '../support/sse.ts';

const first = useTestApp();
let second: TestApp;
let secondBase: string;
let players: HttpPlayer[];

beforeAll(async () => {
  second = await appOn(first.database.url);
  await second.app.listen({ port: 0, host: '127.0.0.1' });
  secondBase = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
  players = await Promise.all([0, 1].map(() => register(first.base, 'two-feeds')));
});
afterAll(() => second.close());

/** The awaited seat sends its first legal command through the first process. */
async function moveOnFirst(id: string): Promise<number> {
  const seat = (await readGame(first.base, id, null)).awaiting[0]!.seat;
  const game = await readGame(first.base, id, players[seat]!);
  const res = await postCommand(first.base, id, players[seat]!, { ...game.legalCommands[0], expectedVersion: game.version });
  expect(res.status, res.text).toBe(200);
  return (res.body as { version: number }).version;
}

describe('a reader on one process, a command on another', () => {
  it('a long-poll on the second process returns as soon as the first accepts a command', async () => {
    const id = await startGame(first.base, players);
    const { version } = await readGame(secondBase, id, null);
    const started = Date.now();
    const poll = call(secondBase, 'GET', `/v1/games/${id}/events?after=${version}&wait=10`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const moved = await moveOnFirst(id);
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect((answer.body as { version: number }).version).toBe(moved);
    // Heard through the NOTIFY, not found when the ten seconds ran out (loosely: a busy machine).
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it('an SSE stream on the second process sends each command the first accepts', async () => {
    const id = await startGame(first.base, players);
    const stream = await openSse(`${secondBase}/v1/games/${id}/stream`);
    try {
      // The stream is open (its answer's head came) once its process listens and has read the game.
      expect(stream.status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const moved = await moveOnFirst(id);
        await stream.until((messages) => messages.some((m) => Number(m.id) === moved), 5_000, `event ${moved} through the other process`);
      }
    } finally {
      stream.close();
    }
  });
});
