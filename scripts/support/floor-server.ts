// The floor under the service's latency, for `npm run bench:api` (d): the least an HTTP service can
// do per command on this machine. A process of its own, like the service, with the same framework
// (Fastify, no logging), the same pool and the same database, serving two routes:
//
//   GET  /floor/games/:id            one indexed read of the game row (the service's read is this
//                                    plus the seats, the rules and the view)
//   POST /floor/games/:id/commands   `EventStore.append` of the ceiling's average command (the
//                                    service's write is this after authentication, validation and
//                                    `decide`)
//
// No authentication, no rules, no view: whatever latency the bench measures here at a given rate,
// the service cannot beat at that rate on this machine.
//
//   FLOOR_SHAPE=<file with the command shape> DATABASE_URL=… PORT=… node scripts/support/floor-server.ts

import fs from 'node:fs';
import Fastify from 'fastify';
import { createLogger } from '../../src/config/logger.ts';
import { createPool } from '../../src/db/database.ts';
import { EventStore } from '../../src/store/event-store.ts';

interface FloorShape {
  events: { type: string; payload: object }[];
  commandPayload: object;
  snapshot: unknown;
  snapshotEvery: number;
}

const shape = JSON.parse(fs.readFileSync(process.env.FLOOR_SHAPE!, 'utf8')) as FloorShape;
// The service's own pool (src/db/database.ts): the same size and the same idle timeout, so that
// neither side's connections close in the middle of the other side's measurement.
const pool = createPool(process.env.DATABASE_URL!, Number(process.env.DATABASE_POOL_MAX ?? 10), createLogger('silent'));
const store = new EventStore(pool);
const channel = process.env.FLOOR_CHANNEL ?? 'bench_floor';
let commands = 0;

const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>('/floor/games/:id', async (request, reply) => {
  const { rows } = await pool.query<{ version: number; clockRevision: number; deadlines: unknown }>({
    name: 'floor-read',
    text: `SELECT version, clock_revision AS "clockRevision", deadlines FROM games WHERE id = $1`,
    values: [request.params.id],
  });
  if (!rows[0]) return reply.code(404).send({ error: 'no such game' });
  return rows[0];
});

app.post<{ Params: { id: string }; Body: { version: number; clockRevision: number } }>('/floor/games/:id/commands', async (request, reply) => {
  const { version, clockRevision } = request.body;
  const n = ++commands;
  const appended = await store.append(
    pool,
    { id: request.params.id, module: 'helter-skelter', status: 'active', options: {}, version, deadlines: [], clockRevision, createdAt: new Date(), updatedAt: new Date() },
    {
      command: { type: 'MOVE', payload: shape.commandPayload, senderKind: 'seat', seat: n % 2, callerId: null },
      events: shape.events,
      status: 'active',
      deadlines: [{ seat: (n + 1) % 2, windowId: `w${n}`, situation: 'turn', deadline: new Date(Date.now() + 86_400_000).toISOString() }],
      snapshot: n % shape.snapshotEvery === 0 ? shape.snapshot : undefined,
      channel,
    },
  );
  if (!appended) return reply.code(409).send({ error: 'the game moved' });
  return { version: appended.version };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.stdout.write('floor ready\n');
process.once('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
