// The event store's tables, through the Prisma Client the service uses (generated offline, over
// the pg driver adapter). Only what the schema itself guarantees; the store's code comes later.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOver, type Database } from '../../src/db/database.ts';
import { readMigrations } from '../../src/db/migrations.ts';
import { createTestDatabase, testPool, type TestDatabase } from '../support/database.ts';

let testDatabase: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase({ migrate: true });
  db = databaseOver(testPool(testDatabase.url, 2), await readMigrations());
});

afterAll(async () => {
  await db?.close();
  await testDatabase?.drop();
});

async function newGame() {
  return db.prisma.game.create({ data: { module: 'helter-skelter', options: { map: 'dan-tanna', seats: 2 } } });
}

describe('event store schema', () => {
  it('stores a game with its defaults: open, version 0, a generated id', async () => {
    const game = await newGame();
    expect(game).toMatchObject({ module: 'helter-skelter', status: 'open', version: 0, options: { map: 'dan-tanna', seats: 2 } });
    expect(game.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(game.createdAt).toBeInstanceOf(Date);
  });

  it('appends a command with its events, and reads the log back in order', async () => {
    const game = await newGame();
    await db.prisma.$transaction([
      db.prisma.command.create({ data: { gameId: game.id, seq: 1, type: 'MOVE', payload: { to: 'B3' }, senderKind: 'seat', seat: 0, callerId: 'acct-1', version: 1, deadlines: [] } }),
      db.prisma.event.create({ data: { gameId: game.id, seq: 1, commandSeq: 1, type: 'Moved', payload: { to: 'B3' } } }),
      db.prisma.event.create({ data: { gameId: game.id, seq: 2, commandSeq: 1, type: 'TurnEnded', payload: {} } }),
      db.prisma.game.update({ where: { id: game.id }, data: { version: 2 } }),
    ]);
    const log = await db.prisma.event.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' }, select: { seq: true, type: true } });
    expect(log).toEqual([
      { seq: 1, type: 'Moved' },
      { seq: 2, type: 'TurnEnded' },
    ]);
  });

  it('refuses a second event with the same (game_id, seq): a concurrent append cannot fork the log', async () => {
    const game = await newGame();
    await db.prisma.command.create({ data: { gameId: game.id, seq: 1, type: 'MOVE', payload: {}, senderKind: 'seat', seat: 0, version: 1, deadlines: [] } });
    await db.prisma.event.create({ data: { gameId: game.id, seq: 1, commandSeq: 1, type: 'Moved', payload: {} } });
    await expect(db.prisma.event.create({ data: { gameId: game.id, seq: 1, commandSeq: 1, type: 'Other', payload: {} } })).rejects.toMatchObject({
      code: 'P2002',
    });
  });

  it('refuses an event whose command is not stored for the same game', async () => {
    const [game, other] = [await newGame(), await newGame()];
    await db.prisma.command.create({ data: { gameId: other.id, seq: 1, type: 'MOVE', payload: {}, senderKind: 'system', version: 1, deadlines: [] } });
    await expect(db.prisma.event.create({ data: { gameId: game.id, seq: 1, commandSeq: 1, type: 'Moved', payload: {} } })).rejects.toMatchObject({
      code: 'P2003',
    });
  });

  it('keeps idempotency keys unique per caller, not globally', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000);
    const key = { key: 'retry-1', requestHash: 'h', gameId: '00000000-0000-4000-8000-000000000000', commandSeq: 1, version: 1, expiresAt };
    await db.prisma.idempotencyKey.create({ data: { callerId: 'alice', ...key } });
    await db.prisma.idempotencyKey.create({ data: { callerId: 'bob', ...key } });
    await expect(db.prisma.idempotencyKey.create({ data: { callerId: 'alice', ...key } })).rejects.toMatchObject({ code: 'P2002' });
  });
});
