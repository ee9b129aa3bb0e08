// `notify_wanted(game)` decides whether anyone could be told about a game: when nobody could, the
// statement that appends a command moves the notifier's cursor itself (src/store/event-store.ts),
// so a game nobody listens to costs the notifier nothing.

import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/database.ts';

const db = useTestDatabase();

let n = 0;
async function account(options: { verified?: boolean; email?: string } = {}): Promise<string> {
  n++;
  const preferences = options.email ? { notifications: { email: options.email } } : {};
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO accounts (handle, email, password_hash, email_verified_at, preferences) VALUES ($1, $2, 'x', $3, $4) RETURNING id`,
    [`nw-${n}`, `nw-${n}@example.test`, options.verified ? new Date() : null, JSON.stringify(preferences)],
  );
  return rows[0]!.id;
}

/** A game with these seats: an account id, or 'bot', or null (free). */
async function game(seats: (string | 'bot' | null)[]): Promise<string> {
  const { rows } = await db.pool.query<{ id: string }>(`INSERT INTO games (module, status, options) VALUES ('helter-skelter', 'active', '{}') RETURNING id`);
  const id = rows[0]!.id;
  for (const [seat, who] of seats.entries()) {
    await db.pool.query(`INSERT INTO game_seats (game_id, seat, account_id, bot) VALUES ($1, $2, $3, $4)`, [id, seat, who === 'bot' ? null : who, who === 'bot']);
  }
  return id;
}

async function subscribe(accountId: string, gameId: string | null, enabled = true): Promise<void> {
  await db.pool.query(`INSERT INTO webhook_subscriptions (account_id, game_id, url, secrets, enabled) VALUES ($1, $2, 'https://example.test/hook', ARRAY['whsec_x'], $3)`, [
    accountId,
    gameId,
    enabled,
  ]);
}

const wanted = async (gameId: string) => (await db.pool.query<{ wanted: boolean }>(`SELECT notify_wanted($1) AS wanted`, [gameId])).rows[0]!.wanted;

describe('notify_wanted', () => {
  it('is false when the seated players have no verified address and no subscription, or bots hold the seats', async () => {
    expect(await wanted(await game([await account(), await account(), 'bot', null]))).toBe(false);
  });

  it('is true when a seated player has a verified address and email on (every or digest)', async () => {
    expect(await wanted(await game([await account(), await account({ verified: true })]))).toBe(true);
    expect(await wanted(await game([await account({ verified: true, email: 'digest' }), await account()]))).toBe(true);
  });

  it('is false when the only verified player turned email off', async () => {
    expect(await wanted(await game([await account({ verified: true, email: 'off' }), await account()]))).toBe(false);
  });

  it('is true for an enabled per-game subscription, whoever made it, and false once it is disabled', async () => {
    const outsider = await account();
    const watched = await game([await account(), await account()]);
    await subscribe(outsider, watched, false);
    expect(await wanted(watched)).toBe(false);
    await subscribe(outsider, watched);
    expect(await wanted(watched)).toBe(true);
  });

  it("is true for a seated player's own subscription (all their games), not for someone else's", async () => {
    const player = await account();
    const outsider = await account();
    await subscribe(outsider, null);
    const theirs = await game([player, await account()]);
    expect(await wanted(theirs)).toBe(false);
    await subscribe(player, null);
    expect(await wanted(theirs)).toBe(true);
  });
});
