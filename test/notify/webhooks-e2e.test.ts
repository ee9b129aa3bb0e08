// Webhooks end to end: a real receiver on loopback, the real job queue in the app's
// process, and signatures checked with `standardwebhooks`, a verifier we did not write.

import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOn, QUICK_WORKER, type TestApp, useTestApp } from '../support/app.ts';
import { HttpReceiver, type Received } from '../support/http-receiver.ts';
import { call, postCommand, readGame, register, startGame, type HttpPlayer } from '../support/http-client.ts';

/** Answers 204 on `/ok/…`; on `/flaky/…`, 500 three times, then 200; 500 always on `/down/…`. */
const receiver = new HttpReceiver((path, earlier) => (path.startsWith('/down/') ? 500 : path.startsWith('/flaky/') ? (earlier < 3 ? 500 : 200) : 204));
const PUBLIC_URL = 'https://play.example.test';

const t = useTestApp({
  worker: QUICK_WORKER,
  webhookPolicy: { allowHttp: true, allowPrivate: true },
  publicUrl: PUBLIC_URL,
  // Retry waits of at most 5, 10, 20 ms instead of 5, 10, 20 s.
  webhookRetryScale: 0.001,
  // Reminder leads of 600 ms a minute: reminders on clocks of seconds. The default lead (an
  // hour: 36 s here) never falls due in a test whose clocks are a day.
  webhookReminderScale: 0.01,
});

beforeAll(async () => {
  await receiver.start();
});

afterAll(async () => {
  await receiver.stop();
});

interface Created {
  id: string;
  secret: string;
  gameId: string | null;
  format: string;
}

async function subscribe(player: HttpPlayer, body: object): Promise<Created> {
  const res = await call(t.base, 'POST', '/v1/webhooks', { token: player.token, body });
  expect(res.status, res.text).toBe(201);
  return res.body as Created;
}

async function players(n: number): Promise<HttpPlayer[]> {
  return Promise.all(Array.from({ length: n }, () => register(t.base, 'hook')));
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('webhooks', () => {
  it('a seat becoming awaited sends its owner a signed JSON payload', async () => {
    const [alice, bob] = await players(2);
    const hook = await subscribe(alice!, { url: `${receiver.base}/ok/alice` });
    expect(hook.secret).toMatch(/^whsec_/);

    const id = await startGame(t.base, [alice!, bob!]);
    const [got] = await receiver.waitFor('/ok/alice', 1);
    expect(got, 'no delivery arrived').toBeDefined();
    const payload = new Webhook(hook.secret).verify(got!.body, got!.headers) as {
      type: string;
      data: { game: { id: string; url: string; title: string }; seat: number; situation: string; deadline: string; legalCommandCount: number };
    };
    expect(got!.headers['content-type']).toMatch(/^application\/json/);
    expect(payload.type).toBe('seat.awaited');
    expect(payload.data.game.id).toBe(id);
    expect(payload.data.game.url).toBe(`${PUBLIC_URL}/games/${id}`);
    expect(payload.data.game.title).toContain('Judges');
    expect(payload.data.seat).toBe(0);
    expect(payload.data.situation).toBe('setup');
    const game = await readGame(t.base, id, alice!);
    expect(payload.data.legalCommandCount).toBe(game.legalCommands.length);
    expect(payload.data.deadline).toBe(game.awaiting.find((a) => a.seat === 0)!.deadline);

    // Bob's seat is awaited too, but he has no subscription: Alice hears only of her own seat.
    await settle(300);
    expect(receiver.byPath.get('/ok/alice')).toHaveLength(1);
  });

  it('a receiver that fails three times then succeeds gets the event exactly once more, and the log shows every attempt', async () => {
    const [carol, dan] = await players(2);
    const hook = await subscribe(carol!, { url: `${receiver.base}/flaky/carol` });
    await startGame(t.base, [carol!, dan!]);

    const attempts = await receiver.waitFor('/flaky/carol', 4);
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 500, 200]);
    await settle(500);
    expect(receiver.byPath.get('/flaky/carol')).toHaveLength(4);
    // Every attempt is the same message: same id, same body, each signed afresh.
    expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    for (const a of attempts) new Webhook(hook.secret).verify(a.body, a.headers);

    const log = await call(t.base, 'GET', `/v1/webhooks/${hook.id}/deliveries`, { token: carol!.token });
    expect(log.status).toBe(200);
    const { deliveries } = log.body as { deliveries: { id: string; status: string; notificationId: string; attempts: { status: number; latencyMs: number; at: string; error: string | null; responsePrefix: string }[] }[] };
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.status).toBe('delivered');
    expect(deliveries[0]!.notificationId).toBe(attempts[0]!.headers['webhook-id']);
    expect(deliveries[0]!.attempts.map((a) => a.status)).toEqual([500, 500, 500, 200]);
    expect(deliveries[0]!.attempts[0]!.responsePrefix).toBe('receiver down');
    expect(deliveries[0]!.attempts[0]!.error).toBe('HTTP 500.');
    for (const a of deliveries[0]!.attempts) {
      expect(a.latencyMs).toBeGreaterThanOrEqual(0);
      expect(Number.isNaN(Date.parse(a.at))).toBe(false);
    }

    const shown = await call(t.base, 'GET', `/v1/webhooks/${hook.id}`, { token: carol!.token });
    expect(shown.body).toMatchObject({ enabled: true, consecutiveFailures: 0 });
    // Delivered: no attempt is left waiting in the queue.
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = 'webhook:' || $1::text`, [deliveries[0]!.id]);
    expect(rows[0].n).toBe(0);
  });

  it('a per-game subscription gets one delivery per event, not one per member', async () => {
    const [erin, frank] = await players(2);
    const created = await call(t.base, 'POST', '/v1/games', {
      token: erin!.token,
      body: { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] } },
    });
    const gameId = (created.body as { id: string }).id;
    expect((await call(t.base, 'POST', `/v1/games/${gameId}/seats/0/claim`, { token: erin!.token })).status).toBe(200);

    // Frank is not seated yet: he may not subscribe to the whole game.
    const refused = await call(t.base, 'POST', '/v1/webhooks', { token: frank!.token, body: { url: `${receiver.base}/ok/x`, gameId } });
    expect(refused.status).toBe(403);
    expect((refused.body as { code: string }).code).toBe('NOT_SEATED');

    const hook = await subscribe(erin!, { url: `${receiver.base}/ok/game-erin`, gameId });
    expect(hook.gameId).toBe(gameId);
    // The start awaits both seats, Erin's and Frank's: one event, so one delivery.
    expect((await call(t.base, 'POST', `/v1/games/${gameId}/seats/1/claim`, { token: frank!.token })).status).toBe(200);

    const got = await receiver.waitFor('/ok/game-erin', 1);
    await settle(500);
    expect(receiver.byPath.get('/ok/game-erin')).toHaveLength(1);
    const payload = new Webhook(hook.secret).verify(got[0]!.body, got[0]!.headers) as {
      type: string;
      data: { seat: number | null; game: { id: string }; legalCommandCount: number | null };
    };
    expect(payload.type).toBe('seat.awaited');
    expect(payload.data.seat).toBeNull();
    // No seat's count of legal commands: it would tell Erin whether Frank holds an INTERRUPT or a defence.
    expect(payload.data.legalCommandCount).toBeNull();
    expect(payload.data.game.id).toBe(gameId);
  });

  it('a Discord subscription receives a body Discord accepts', async () => {
    const [gina, hal] = await players(2);
    const hook = await subscribe(gina!, { url: `${receiver.base}/ok/discord-gina`, format: 'discord' });
    expect(hook.format).toBe('discord');
    const id = await startGame(t.base, [gina!, hal!]);

    const [got] = await receiver.waitFor('/ok/discord-gina', 1);
    const body = new Webhook(hook.secret).verify(got!.body, got!.headers) as {
      content: string;
      embeds: { title: string; url: string; description: string; color: number; fields: { name: string; value: string }[] }[];
      allowed_mentions: { parse: string[] };
    };
    expect(typeof body.content).toBe('string');
    expect(body.content.length).toBeLessThanOrEqual(2000);
    expect(body.embeds).toHaveLength(1);
    expect(body.embeds[0]!.url).toBe(`${PUBLIC_URL}/games/${id}`);
    expect(body.embeds[0]!.fields.map((f) => f.name)).toEqual(['Seat', 'Situation', 'Deadline']);
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });

  it('a rotated secret signs beside the previous one for a day', async () => {
    const [ivy, jo] = await players(2);
    const hook = await subscribe(ivy!, { url: `${receiver.base}/ok/rotated-ivy` });
    const rotated = await call(t.base, 'POST', `/v1/webhooks/${hook.id}/rotate`, { token: ivy!.token });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body as Created & { previousSecretExpiresAt: string };
    expect(fresh.secret).not.toBe(hook.secret);
    const hours = (Date.parse(fresh.previousSecretExpiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);

    await startGame(t.base, [ivy!, jo!]);
    const [got] = await receiver.waitFor('/ok/rotated-ivy', 1);
    new Webhook(fresh.secret).verify(got!.body, got!.headers);
    new Webhook(hook.secret).verify(got!.body, got!.headers);
  });

  it('a subscription failing for more than a day is disabled, and can be enabled again', async () => {
    const [lou, max] = await players(2);
    const hook = await subscribe(lou!, { url: `${receiver.base}/down/lou` });
    // As if it had been failing since yesterday: the next failure is the fifth in a row, after more than a day.
    await t.db.pool.query(`UPDATE webhook_subscriptions SET consecutive_failures = 4, first_failure_at = now() - interval '25 hours' WHERE id = $1`, [hook.id]);
    await startGame(t.base, [lou!, max!]);
    await receiver.waitFor('/down/lou', 1);
    const stop = Date.now() + 5_000;
    let shown = await call(t.base, 'GET', `/v1/webhooks/${hook.id}`, { token: lou!.token });
    while ((shown.body as { enabled: boolean }).enabled && Date.now() < stop) {
      await settle(25);
      shown = await call(t.base, 'GET', `/v1/webhooks/${hook.id}`, { token: lou!.token });
    }
    expect(shown.body).toMatchObject({ enabled: false, consecutiveFailures: 5 });
    expect((shown.body as { disabledReason: string }).disabledReason).toContain('HTTP 500');
    // This app has no email channel (no mail settings): the disabling is logged, no email job queued.
    expect(t.parts.deliveries.webhooks.settings.onDisabled).toBeUndefined();
    const { rows: emailJobs } = await t.db.pool.query(`SELECT 1 FROM graphile_worker.jobs WHERE key = $1`, [`webhook-disabled:${hook.id}`]);
    expect(emailJobs).toHaveLength(0);
    const log = await call(t.base, 'GET', `/v1/webhooks/${hook.id}/deliveries`, { token: lou!.token });
    expect((log.body as { deliveries: { status: string }[] }).deliveries.map((d) => d.status)).toEqual(['failed']);
    // Disabled: no retry follows.
    await settle(300);
    expect(receiver.byPath.get('/down/lou')).toHaveLength(1);

    const enabled = await call(t.base, 'POST', `/v1/webhooks/${hook.id}/enable`, { token: lou!.token });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
  });

  it('lists your subscriptions without secrets, and deletes them', async () => {
    const [kim] = await players(1);
    const hook = await subscribe(kim!, { url: `${receiver.base}/ok/kim`, format: 'slack' });
    const list = await call(t.base, 'GET', '/v1/webhooks', { token: kim!.token });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(hook.secret);
    expect((list.body as { webhooks: { id: string }[] }).webhooks.map((w) => w.id)).toEqual([hook.id]);

    const [other] = await players(1);
    const stranger = await call(t.base, 'GET', `/v1/webhooks/${hook.id}`, { token: other!.token });
    expect(stranger.status).toBe(404);
    expect((stranger.body as { code: string }).code).toBe('WEBHOOK_NOT_FOUND');

    expect((await call(t.base, 'DELETE', `/v1/webhooks/${hook.id}`, { token: kim!.token })).status).toBe(204);
    expect((await call(t.base, 'GET', `/v1/webhooks/${hook.id}`, { token: kim!.token })).status).toBe(404);
  });
});

describe('webhook reminders (deadline.near)', () => {
  interface Payload {
    type: string;
    id: string;
    data: { seat: number | null; situation: string; windowId: string; deadline: string; game: { id: string } };
  }
  const reminders = (hook: Created, got: Received[]) =>
    got.map((r) => ({ ...r, payload: new Webhook(hook.secret).verify(r.body, r.headers) as Payload })).filter((r) => r.payload.type === 'deadline.near');

  /** Seat 0 claimed by players[0], who subscribes to the whole game (`perGame`), then the other seats: the game starts. */
  async function gameWithSubscription(seated: HttpPlayer[], clock: object, perGame: object): Promise<{ gameId: string; hook: Created }> {
    const created = await call(t.base, 'POST', '/v1/games', {
      token: seated[0]!.token,
      body: { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', clock, seats: [{ team: 'judges' }, { team: 'slaine' }] } },
    });
    const gameId = (created.body as { id: string }).id;
    expect((await call(t.base, 'POST', `/v1/games/${gameId}/seats/0/claim`, { token: seated[0]!.token })).status).toBe(200);
    const hook = await subscribe(seated[0]!, { ...perGame, gameId });
    expect((await call(t.base, 'POST', `/v1/games/${gameId}/seats/1/claim`, { token: seated[1]!.token })).status).toBe(200);
    return { gameId, hook };
  }

  it('a seat still awaited near its deadline is reminded, signed; a per-game subscription once per awaited seat', async () => {
    const [nat, oz] = await players(2);
    // One minute is 600 ms here: due 600 ms before set-up deadlines 1.4 s away, 0.8 s after the start.
    const mine = await subscribe(nat!, { url: `${receiver.base}/ok/remind-nat`, reminderMinutes: 1 });
    expect(mine).toMatchObject({ reminderMinutes: 1 });
    const { gameId, hook: group } = await gameWithSubscription([nat!, oz!], { setup: 1.4 }, { url: `${receiver.base}/ok/remind-group`, reminderMinutes: 1 });
    const setup = (await readGame(t.base, gameId, null)).awaiting;
    expect(setup.map((a) => a.situation)).toEqual(['setup', 'setup']);

    const until = Date.now() + 5_000;
    while ((reminders(mine, receiver.byPath.get('/ok/remind-nat') ?? []).length < 1 || reminders(group, receiver.byPath.get('/ok/remind-group') ?? []).length < 2) && Date.now() < until) {
      await settle(20);
    }
    const [reminder] = reminders(mine, receiver.byPath.get('/ok/remind-nat') ?? []);
    expect(reminder, 'the reminder').toBeDefined();
    expect(reminder!.payload.data).toMatchObject({ seat: 0, situation: 'setup', windowId: setup[0]!.windowId, deadline: setup[0]!.deadline, game: { id: gameId } });
    expect(reminder!.at, 'it arrives before the deadline').toBeLessThan(Date.parse(setup[0]!.deadline!));
    expect(reminder!.headers['webhook-id']).toBe(reminder!.payload.id);

    const perSeat = reminders(group, receiver.byPath.get('/ok/remind-group') ?? []);
    expect(perSeat.map((r) => r.payload.data.seat).sort()).toEqual([0, 1]);
    // The subscriber (seat 0) is told its own count of legal commands, never seat 1's.
    const counts = Object.fromEntries(perSeat.map((r) => [r.payload.data.seat, (r.payload.data as unknown as { legalCommandCount: number | null }).legalCommandCount]));
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBeNull();

    // Logged like every delivery, as deadline.near; and sent once each.
    await settle(300);
    expect(reminders(mine, receiver.byPath.get('/ok/remind-nat') ?? [])).toHaveLength(1);
    expect(reminders(group, receiver.byPath.get('/ok/remind-group') ?? [])).toHaveLength(2);
    const log = await call(t.base, 'GET', `/v1/webhooks/${mine.id}/deliveries`, { token: nat!.token });
    const deliveries = (log.body as { deliveries: { eventType: string; status: string }[] }).deliveries;
    expect(deliveries.filter((d) => d.eventType === 'deadline.near')).toEqual([expect.objectContaining({ status: 'delivered' })]);
  });

  it('a seat that acted before its reminder is not reminded', async () => {
    const [pat, quin] = await players(2);
    // Two minutes are 1.2 s here: due 1.3 s after the start, for set-up deadlines 2.5 s away.
    const patHook = await subscribe(pat!, { url: `${receiver.base}/ok/remind-pat`, reminderMinutes: 2 });
    const quinHook = await subscribe(quin!, { url: `${receiver.base}/ok/remind-quin`, reminderMinutes: 2 });
    const id = await startGame(t.base, [pat!, quin!], { clock: { setup: 2.5 } });
    const quinJobs = async () =>
      (await t.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key LIKE $1`, [`whremind:${quinHook.id}:%`])).rows[0]!.n;
    const queued = Date.now() + 1_000;
    while ((await quinJobs()) === 0 && Date.now() < queued) await settle(10);
    expect(await quinJobs(), 'Quin’s reminder is queued').toBe(1);
    // Quin makes every set-up choice at once (one command per character).
    for (let game = await readGame(t.base, id, quin!); game.awaiting.some((a) => a.seat === 1); game = await readGame(t.base, id, quin!)) {
      const acted = await postCommand(t.base, id, quin!, game.legalCommands[0]);
      expect(acted.status, acted.text).toBe(200);
    }

    const stop = Date.now() + 5_000;
    while (reminders(patHook, receiver.byPath.get('/ok/remind-pat') ?? []).length === 0 && Date.now() < stop) await settle(20);
    expect(reminders(patHook, receiver.byPath.get('/ok/remind-pat') ?? [])).toHaveLength(1);
    // Quin's reminder job, due with Pat's, runs too (its row goes once it has), and sends nothing.
    while ((await quinJobs()) > 0 && Date.now() < stop) await settle(20);
    expect(await quinJobs()).toBe(0);
    expect(reminders(quinHook, receiver.byPath.get('/ok/remind-quin') ?? [])).toHaveLength(0);
  });

  it('a deadline moved by a vacation moves its reminder instead of sending it', async () => {
    const [ray, sue] = await players(2);
    const hook = await subscribe(ray!, { url: `${receiver.base}/ok/remind-ray` });
    expect(hook).toMatchObject({ reminderMinutes: 60 });
    const id = await startGame(t.base, [ray!, sue!]);
    const deadline = (await readGame(t.base, id, null)).awaiting.find((a) => a.seat === 0)!.deadline!;
    const job = async () => {
      // The payload is only in graphile-worker's private table (its `jobs` view leaves it out).
      const { rows } = await t.db.pool.query<{ payload: { deadline: string }; run_at: Date }>(`SELECT payload, run_at FROM graphile_worker._private_jobs WHERE key LIKE $1`, [
        `whremind:${hook.id}:%`,
      ]);
      return rows;
    };
    // Queued (by the start's notify job, soon) 60 "minutes" (36 s at this scale) before Ray's set-up deadline, a day away.
    const stop = Date.now() + 5_000;
    while ((await job()).length === 0 && Date.now() < stop) await settle(20);
    const [queued] = await job();
    expect(queued!.payload.deadline).toBe(deadline);
    expect(queued!.run_at.getTime()).toBe(Date.parse(deadline) - 36_000);

    expect((await call(t.base, 'POST', '/v1/me/vacation', { token: ray!.token, body: { days: 2 } })).status).toBe(200);
    const moved = (await readGame(t.base, id, null)).awaiting.find((a) => a.seat === 0)!.deadline!;
    expect(Date.parse(moved) - Date.parse(deadline)).toBe(2 * 86_400_000);

    // The job runs (as it would at its time): the deadline moved, so it moves too and sends nothing.
    await t.parts.deliveries.webhooks.remind(queued!.payload as never);
    const [requeued] = await job();
    expect(requeued!.payload.deadline).toBe(moved);
    expect(requeued!.run_at.getTime()).toBe(Date.parse(moved) - 36_000);
    const { rows } = await t.db.pool.query(`SELECT 1 FROM webhook_deliveries WHERE subscription_id = $1 AND event_type = 'deadline.near'`, [hook.id]);
    expect(rows).toHaveLength(0);
  });

  it('one subscription keeps a reminder for each game and seat it watches, and a seat’s next window replaces its last', async () => {
    const [val, wes] = await players(2);
    const hook = await subscribe(val!, { url: `${receiver.base}/ok/remind-val` });
    // Two games, each awaiting Val's seat 0 in its set-up window, which both games call by the same id.
    const first = await startGame(t.base, [val!, wes!]);
    const second = await startGame(t.base, [val!, wes!]);
    const jobs = async () => {
      const { rows } = await t.db.pool.query<{ key: string; payload: { gameId: string; windowId: string } }>(
        `SELECT key, payload FROM graphile_worker._private_jobs WHERE key LIKE $1 ORDER BY key`,
        [`whremind:${hook.id}:%`],
      );
      return rows;
    };
    const stop = Date.now() + 5_000;
    while ((await jobs()).length < 2 && Date.now() < stop) await settle(20);
    const queued = await jobs();
    const opening = (await readGame(t.base, first, null)).awaiting[0]!.windowId;
    expect(queued.map((j) => j.payload.windowId)).toEqual([opening, opening]);
    expect(queued.map((j) => j.key).sort()).toEqual([`whremind:${hook.id}:${first}:0`, `whremind:${hook.id}:${second}:0`].sort());

    // The first game plays on until Val's seat is awaited in another window: its job is replaced, not joined.
    let game = await readGame(t.base, first, null);
    const waiting = () => game.awaiting.find((a) => a.seat === 0)?.windowId;
    for (let i = 0; i < 200 && (waiting() === undefined || waiting() === opening); i++) {
      const seat = game.awaiting[0]!.seat;
      const player = seat === 0 ? val! : wes!;
      const acted = await postCommand(t.base, first, player, (await readGame(t.base, first, player)).legalCommands[0]);
      expect(acted.status, acted.text).toBe(200);
      game = await readGame(t.base, first, null);
    }
    const next = waiting();
    expect(next).toBeDefined();
    expect(next).not.toBe(opening);
    const until = Date.now() + 5_000;
    const windowOf = async (gameId: string) => (await jobs()).filter((j) => j.payload.gameId === gameId).map((j) => j.payload.windowId);
    while ((await windowOf(first))[0] !== next && Date.now() < until) await settle(20);
    expect(await windowOf(first)).toEqual([next]);
    expect(await windowOf(second)).toEqual([opening]);
  });

  it('refuses a reminderMinutes out of range, or not a whole number, and creates nothing', async () => {
    const [uma] = await players(1);
    for (const reminderMinutes of [0, 10_081, 1.5, 'soon', -60]) {
      const res = await call(t.base, 'POST', '/v1/webhooks', { token: uma!.token, body: { url: `${receiver.base}/ok/uma`, reminderMinutes } });
      expect(res.status, String(reminderMinutes)).toBe(400);
      expect(res.contentType).toMatch(/^application\/problem\+json/);
      expect((res.body as { code: string }).code).toBe('VALIDATION_FAILED');
    }
    expect((await call(t.base, 'GET', '/v1/webhooks', { token: uma!.token })).body).toEqual({ webhooks: [] });
    const none = await subscribe(uma!, { url: `${receiver.base}/ok/uma`, reminderMinutes: null });
    expect(none).toMatchObject({ reminderMinutes: null });
    const week = await subscribe(uma!, { url: `${receiver.base}/ok/uma`, reminderMinutes: 10_080 });
    expect((await call(t.base, 'GET', `/v1/webhooks/${week.id}`, { token: uma!.token })).body).toMatchObject({ reminderMinutes: 10_080 });
  });

  it('PATCH changes format and reminders, leaves out what the body leaves out, and refuses anything else', async () => {
    const [vic, wyn] = await players(2);
    const hook = await subscribe(vic!, { url: `${receiver.base}/ok/vic` });
    const patch = (player: HttpPlayer, body: unknown, id = hook.id) => call(t.base, 'PATCH', `/v1/webhooks/${id}`, { token: player.token, body });

    const later = await patch(vic!, { reminderMinutes: 120 });
    expect(later.status, later.text).toBe(200);
    expect(later.body).toMatchObject({ id: hook.id, format: 'json', reminderMinutes: 120 });
    expect((await patch(vic!, { format: 'slack' })).body).toMatchObject({ format: 'slack', reminderMinutes: 120 });
    expect((await patch(vic!, { reminderMinutes: null })).body).toMatchObject({ format: 'slack', reminderMinutes: null });

    // Nothing to change, something that cannot change, out of range: 400, and nothing changed.
    for (const body of [{}, { url: `${receiver.base}/ok/elsewhere` }, { gameId: hook.id }, { reminderMinutes: 0 }, { format: 'xml' }, null]) {
      const refused = await patch(vic!, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.body as { code: string }).code).toBe('VALIDATION_FAILED');
    }
    // Someone else's subscription is not theirs to change.
    expect((await patch(wyn!, { reminderMinutes: 5 })).status).toBe(404);
    expect((await call(t.base, 'GET', `/v1/webhooks/${hook.id}`, { token: vic!.token })).body).toMatchObject({ format: 'slack', reminderMinutes: null, url: `${receiver.base}/ok/vic` });
  });
});

describe('webhook URLs, as a production server judges them', () => {
  let strict: TestApp;

  beforeAll(async () => {
    strict = await appOn(t.database.url);
  });

  afterAll(async () => {
    await strict?.close();
  });

  it('refuses private and loopback addresses, and plain http, at creation', async () => {
    const [lee] = await players(1);
    const cases: [string, string][] = [
      ['https://127.0.0.1/hook', 'WEBHOOK_URL_PRIVATE'],
      ['https://10.1.2.3/hook', 'WEBHOOK_URL_PRIVATE'],
      ['https://[::1]/hook', 'WEBHOOK_URL_PRIVATE'],
      ['https://169.254.169.254/latest/meta-data', 'WEBHOOK_URL_PRIVATE'],
      ['https://localhost/hook', 'WEBHOOK_URL_PRIVATE'],
      [`${receiver.base}/ok/never`, 'WEBHOOK_URL_NOT_HTTPS'],
    ];
    for (const [url, code] of cases) {
      const res = await strict.app.inject({ method: 'POST', url: '/v1/webhooks', headers: { authorization: `Bearer ${lee!.token}` }, payload: { url } });
      expect(res.statusCode, url).toBe(422);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().code, url).toBe(code);
    }
    const list = await strict.app.inject({ method: 'GET', url: '/v1/webhooks', headers: { authorization: `Bearer ${lee!.token}` } });
    expect(list.json().webhooks).toEqual([]);
  });
});
