// How many streams the service holds open, and how much each may hold (src/api/open-streams.ts,
// src/api/event-stream.ts): past STREAMS_PER_ADDRESS from one address, or STREAMS_PER_PROCESS in
// all, a stream or long-poll is refused with 503 problem+json, a stable code and retry-after; a
// reader that stops reading has its stream ended once STREAM_BUFFER_BYTES wait unsent, while one
// that reads gets everything. Clients at other addresses connect from other 127.x.y.z addresses.
// Real HTTP, real Postgres; the settings are small here.

import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { register, startGame, type HttpPlayer } from '../support/http-client.ts';
import { openSse, type SseStream } from '../support/sse.ts';

const opened: SseStream[] = [];
const sockets: net.Socket[] = [];
afterAll(() => {
  for (const stream of opened) stream.close();
  for (const socket of sockets) socket.destroy();
});

const bearer = (player: HttpPlayer | null): Record<string, string> => (player ? { authorization: `Bearer ${player.token}` } : {});

async function open(base: string, path: string, player: HttpPlayer | null, localAddress = '127.0.0.1'): Promise<SseStream> {
  const stream = await openSse(`${base}${path}`, bearer(player), { localAddress });
  opened.push(stream);
  return stream;
}

/** A long-poll's answer (status, headers, body), from `localAddress`. */
function longPoll(url: string, player: HttpPlayer | null, localAddress: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: bearer(player), localAddress }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

function expectRefused(answer: { status: number; headers: http.IncomingHttpHeaders; raw?: string; body?: string }, code: string): void {
  expect(answer.status).toBe(503);
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(answer.headers['retry-after']).toBe('5');
  expect((JSON.parse(answer.raw ?? answer.body ?? '') as { code: string }).code).toBe(code);
}

/** Opens until the server has heard an earlier close (it hears it a moment after the client). */
async function openOnceFreed(base: string, path: string, player: HttpPlayer | null, localAddress: string): Promise<SseStream> {
  let stream: SseStream | null = null;
  for (let attempt = 0; attempt < 100 && stream?.status !== 200; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    stream = await open(base, path, player, localAddress);
  }
  return stream!;
}

describe('STREAMS_PER_ADDRESS', () => {
  const t = useTestApp({ streamsPerCaller: 2, streamsPerAddress: 3, streamsPerProcess: 100 });
  let players: HttpPlayer[];
  let id: string;
  beforeAll(async () => {
    players = await Promise.all([0, 1, 2].map(() => register(t.base, 'addr')));
    id = await startGame(t.base, players.slice(0, 2));
  });

  it('caps the streams and long-polls open from one address, whatever the accounts: then 503 TOO_MANY_STREAMS_FROM_ADDRESS with retry-after', async () => {
    const [a, b, c] = players as [HttpPlayer, HttpPlayer, HttpPlayer];
    const feed = `/v1/games/${id}/stream`;
    const chat = `/v1/games/${id}/chat/stream`;
    const held = [await open(t.base, feed, a), await open(t.base, chat, a), await open(t.base, feed, b)];
    expect(held.map((s) => s.status)).toEqual([200, 200, 200]);

    // b holds one stream of its two, but the address holds three.
    expectRefused(await open(t.base, chat, b), 'TOO_MANY_STREAMS_FROM_ADDRESS');
    expectRefused(await longPoll(`${t.base}/v1/games/${id}/events?wait=5`, c, '127.0.0.1'), 'TOO_MANY_STREAMS_FROM_ADDRESS');
    expectRefused(await open(t.base, feed, null), 'TOO_MANY_STREAMS_FROM_ADDRESS');

    // Another address has places of its own, for the same account too.
    const elsewhere = await open(t.base, chat, b, '127.0.0.2');
    expect(elsewhere.status).toBe(200);

    // A stream closed frees its place (b's own two are taken now, here and elsewhere: c takes it).
    held[1]!.close();
    expect((await openOnceFreed(t.base, chat, c, '127.0.0.1')).status).toBe(200);
  });
});

describe('STREAMS_PER_PROCESS', () => {
  const t = useTestApp({ streamsPerCaller: 2, streamsPerAddress: 3, streamsPerProcess: 5 });
  let players: HttpPlayer[];
  let id: string;
  beforeAll(async () => {
    players = await Promise.all([0, 1].map(() => register(t.base, 'proc')));
    id = await startGame(t.base, players);
  });

  it('caps the streams and long-polls the process holds: then 503 STREAMS_AT_CAPACITY with retry-after, at every address', async () => {
    const [a, b] = players as [HttpPlayer, HttpPlayer];
    const feed = `/v1/games/${id}/stream`;
    const held = [
      await open(t.base, feed, a),
      await open(t.base, feed, a),
      await open(t.base, feed, b),
      await open(t.base, feed, null, '127.0.0.2'),
      await open(t.base, feed, null, '127.0.0.2'),
    ];
    expect(held.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);

    expectRefused(await open(t.base, feed, null, '127.0.0.3'), 'STREAMS_AT_CAPACITY');
    expectRefused(await longPoll(`${t.base}/v1/games/${id}/events?wait=5`, null, '127.0.0.3'), 'STREAMS_AT_CAPACITY');

    // A long-poll without `wait` holds nothing open, and is answered.
    expect((await longPoll(`${t.base}/v1/games/${id}/events`, null, '127.0.0.3')).status).toBe(200);

    held[0]!.close();
    expect((await openOnceFreed(t.base, feed, null, '127.0.0.3')).status).toBe(200);
  });
});

describe('STREAM_BUFFER_BYTES', () => {
  // Far more than the kernel's socket buffers take on loopback (a few MB) for a reader that does not read.
  const MESSAGES = 12_000;
  const t = useTestApp({ streamBufferBytes: 65_536, streamsPerCaller: 1 });
  let reader: HttpPlayer;
  let id: string;
  beforeAll(async () => {
    const players = await Promise.all([0, 1].map(() => register(t.base, 'buffer')));
    reader = players[0]!;
    id = await startGame(t.base, players);
    // A long chat, written straight into the table (writing 12,000 messages through the API would
    // take minutes and its rate limits): what a stream from the start must send.
    await t.db.pool.query(
      `INSERT INTO chat_messages (game_id, account_id, body)
       SELECT $1, a.id, lpad(n::text, 480, 'x') FROM generate_series(1, $2) AS n, accounts a WHERE a.handle = $3`,
      [id, MESSAGES, reader.handle],
    );
  });

  it('a reader that reads gets every message, a page at a time, however small the bound', async () => {
    const stream = await open(t.base, `/v1/games/${id}/chat/stream`, reader);
    expect(stream.status).toBe(200);
    await stream.until((m) => m.length === MESSAGES, 60_000, 'every message');
    // In order, none missing: the n-th message's text ends with n.
    expect(stream.messages.every((m, i) => (JSON.parse(m.data) as { text: string }).text.endsWith(`x${i + 1}`))).toBe(true);
    stream.close();
  });

  it('a reader that stops reading has its stream ended once the bound waits unsent, which frees its place', async () => {
    const { port } = new URL(t.base);
    // An anonymous reader at 127.0.0.2, which may hold one stream: it asks and never reads.
    const stalled = net.connect({ port: Number(port), host: '127.0.0.1', localAddress: '127.0.0.2' });
    sockets.push(stalled);
    await new Promise<void>((resolve) => stalled.once('connect', resolve));
    stalled.write(`GET /v1/games/${id}/chat/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
    // The first bytes say the stream is open (its place taken); then it reads no more.
    const head = await new Promise<string>((resolve) => stalled.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))));
    stalled.pause();
    expect(head).toMatch(/^HTTP\/1\.1 200/);

    // Its place is taken while the stream is open, and given back once the server ends it.
    const again = await openOnceFreed(t.base, `/v1/games/${id}/chat/stream`, null, '127.0.0.2');
    expect(again.status).toBe(200);
    again.close();
  });
});
