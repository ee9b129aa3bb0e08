// Webhook subscriptions through Prisma Client (src/store/webhook-subscriptions.ts): a signing secret
// is a value, never part of a query's shape. Prisma Client caches a compiled plan per query shape
// and leaves the values of a list column in the shape, so a secret written through it compiled a
// plan of its own on every subscription and rotation, and stayed in the cache of plans: the soak's
// heap grew with every webhook made, each holding its secret.

import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createPrismaClient, type PrismaClient } from '../../src/db/prisma.ts';
import { PrismaWebhookSubscriptions } from '../../src/store/webhook-subscriptions.ts';
import { useTestDatabase } from '../support/database.ts';

const db = useTestDatabase();
let prisma: PrismaClient;
let accountId: string;

beforeAll(async () => {
  prisma = createPrismaClient(db.pool);
  const { rows } = await db.pool.query<{ id: string }>(`INSERT INTO accounts (handle, email, password_hash) VALUES ('ws-ada', 'ws-ada@example.test', 'x') RETURNING id`);
  accountId = rows[0]!.id;
});

afterEach(() => {
  vi.restoreAllMocks();
  (globalThis as { DEBUG?: string }).DEBUG = '';
});

/** The lines Prisma Client's engine logs while `work` runs (its debug channel, on console.warn). */
async function engineLog(work: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  (globalThis as { DEBUG?: string }).DEBUG = 'prisma:client:clientEngine';
  try {
    await work();
  } finally {
    (globalThis as { DEBUG?: string }).DEBUG = '';
  }
  return lines;
}

it('subscribes and rotates with no query plan of their own per secret, and keeps what it wrote', async () => {
  const records = new PrismaWebhookSubscriptions(prisma);
  const subscribeAndRotate = async (n: number) => {
    const made = await records.create({ accountId, gameId: null, url: `https://example.test/hook-${n}`, format: 'json', secret: `whsec_first${n}`, reminderMinutes: 30 }, () => undefined);
    const rotated = await records.replaceSecrets(accountId, made.id, [`whsec_first${n}`], [`whsec_next${n}`, `whsec_first${n}`], new Date('2030-01-01T00:00:00Z'));
    return { made, rotated };
  };
  // The first time compiles each shape once.
  const first = await engineLog(() => subscribeAndRotate(1));
  expect(first.filter((l) => l.includes('query plan cache miss')).length).toBeGreaterThan(0);
  // Later ones, with other secrets, reuse those plans.
  let second: { made: Awaited<ReturnType<typeof records.create>>; rotated: Awaited<ReturnType<typeof records.replaceSecrets>> } | undefined;
  const later = await engineLog(async () => (second = await subscribeAndRotate(2)));
  expect(later.filter((l) => l.includes('query plan cache hit')).length).toBeGreaterThan(0);
  expect(later.filter((l) => l.includes('query plan cache miss'))).toEqual([]);

  expect(second!.made).toMatchObject({ url: 'https://example.test/hook-2', format: 'json', gameId: null, enabled: true, reminderMinutes: 30, previousSecretExpiresAt: null });
  expect(second!.rotated).toMatchObject({ id: second!.made.id, previousSecretExpiresAt: '2030-01-01T00:00:00.000Z' });
  expect((await records.find(accountId, second!.made.id))!.secrets).toEqual(['whsec_next2', 'whsec_first2']);
  // A rotation from secrets that are no longer the subscription's changes nothing.
  expect(await records.replaceSecrets(accountId, second!.made.id, ['whsec_first2'], ['whsec_other'], new Date())).toBeUndefined();
  expect((await records.find(accountId, second!.made.id))!.secrets).toEqual(['whsec_next2', 'whsec_first2']);
});
