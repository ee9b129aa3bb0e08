// Postgres channels heard for as long as the process runs, all on ONE connection per pool: every
// listening connection's backend is woken by every NOTIFY committed in its database, whatever the
// channel (a commit signals each listening backend, which then looks for its own channels), so
// each extra one costs the database CPU on every command (measured: about 0.03 ms a command per
// listening backend in `npm run bench:api`'s load). The game events and the session revocations
// therefore share a connection. A process that listens alone on its database sends no NOTIFY
// with its commands at all (`announce`, audience.ts).
//
// When the database is unreachable, or the connection is lost later (restart, failover), it
// reconnects with a growing wait (0.25 s doubling to 10 s) and never throws. Each channel's
// `onListening` runs after every (re)connection, once LISTEN is in place, so whatever was missed
// while disconnected can be read again: a NOTIFY committed meanwhile is then both read and heard.

import { AsyncResource } from 'node:async_hooks';
import type pg from 'pg';
import { Audience, CHECK_MS } from './audience.ts';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

interface Member {
  readonly channel: string;
  onNotification(payload: string): void;
  onListening(): Promise<void>;
}

/** How the listening connection shows in `pg_stat_activity` (for operators, and tests that cut it). */
export const LISTENER_APPLICATION_NAME = 'channel listener';

/** A plain identifier: channels are written into LISTEN as they are. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export class ChannelListener {
  private readonly member: Member;
  private joined = false;

  private readonly pool: pg.Pool;
  readonly channel: string;

  constructor(
    pool: pg.Pool,
    /** A plain identifier (lower case, digits, underscores): it is written into LISTEN as it is. */
    channel: string,
    onNotification: (payload: string) => void,
    onListening: () => Promise<void> = async () => undefined,
  ) {
    this.pool = pool;
    this.channel = channel;
    if (!CHANNEL_NAME.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
    this.member = { channel, onNotification, onListening };
  }

  /** Starts listening; returns once the first attempt is done (it keeps retrying in the background if that failed). */
  async start(): Promise<void> {
    if (this.joined) return;
    this.joined = true;
    await connectionOf(this.pool).join(this.member);
  }

  async stop(): Promise<void> {
    if (!this.joined) return;
    this.joined = false;
    await connectionOf(this.pool).leave(this.member);
  }
}

const connections = new WeakMap<pg.Pool, SharedConnection>();

/**
 * Runs `statement`, one that commits as it returns (on `pool`, not inside a transaction), with
 * whether it should NOTIFY on `channel`. It should not while this process provably listens alone
 * on the database (audience.ts): it then returns the payload it would have sent (null: none), and
 * this process's listeners on `channel` hear it from here, as they would have heard the NOTIFY.
 */
export async function announce<T>(pool: pg.Pool, channel: string, statement: (notify: boolean) => Promise<{ value: T; payload: string | null }>): Promise<T> {
  const connection = connections.get(pool);
  if (!connection) return (await statement(true)).value;
  return connection.announce(channel, statement);
}

function connectionOf(pool: pg.Pool): SharedConnection {
  let connection = connections.get(pool);
  if (!connection) connections.set(pool, (connection = new SharedConnection(pool)));
  return connection;
}

/**
 * The one listening connection of a pool. Every change (a member joining or leaving, a lost
 * connection, a retry) runs `sync`, one at a time, which brings the connection in line with the
 * members: connected and LISTENing on their channels while there are any, released when none.
 */
class SharedConnection {
  private readonly members = new Set<Member>();
  /** Members whose `onListening` ran on the current connection. */
  private readonly ready = new Set<Member>();
  private readonly listening = new Set<string>();
  private client: pg.PoolClient | null = null;
  private drop: (() => void) | null = null;
  private queue: Promise<void> = Promise.resolve();
  private retry: NodeJS.Timeout | undefined;
  private backoffMs = FIRST_RETRY_MS;
  private readonly audience = new Audience();
  private checks: NodeJS.Timeout | undefined;
  /** Where payloads told from here are heard: outside the announcing request, as a NOTIFY from the listening connection is. */
  private readonly delivery = new AsyncResource('ChannelDelivery');

  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  join(member: Member): Promise<void> {
    this.members.add(member);
    return this.serial();
  }

  leave(member: Member): Promise<void> {
    this.members.delete(member);
    this.ready.delete(member);
    return this.serial();
  }

  async announce<T>(channel: string, statement: (notify: boolean) => Promise<{ value: T; payload: string | null }>): Promise<T> {
    const { value, payload, notify } = await this.audience.run(async (notify) => ({ ...(await statement(notify)), notify }));
    // After the caller's own reactions to its commit, as a NOTIFY would arrive.
    if (!notify && payload !== null) setImmediate(() => this.delivery.runInAsyncScope(() => this.hear(channel, payload)));
    return value;
  }

  private hear(channel: string, payload: string): void {
    for (const member of this.members) if (member.channel === channel) member.onNotification(payload);
  }

  private serial(work: () => Promise<void> = () => this.sync()): Promise<void> {
    const next = this.queue.then(work);
    this.queue = next;
    return next;
  }

  /** The audience's check, on the current connection; a failure drops the connection, as in `sync`. */
  private check(): Promise<void> {
    return this.serial(async () => {
      const client = this.client;
      if (!client) return;
      try {
        await this.audience.check(client);
      } catch {
        if (this.client === client) this.drop?.();
        this.reconnectLater();
      }
    });
  }

  private async sync(): Promise<void> {
    if (this.members.size === 0) return this.release();
    try {
      let client = this.client;
      if (!client) {
        client = await this.connect();
        await client.query(`SET application_name = '${LISTENER_APPLICATION_NAME}'`);
      }
      const wanted = new Set([...this.members].map((m) => m.channel));
      for (const channel of [...this.listening].filter((c) => !wanted.has(c))) {
        await client.query(`UNLISTEN ${channel}`);
        this.listening.delete(channel);
      }
      const missing = [...wanted].filter((c) => !this.listening.has(c));
      if (missing.length > 0) {
        await client.query(missing.map((c) => `LISTEN ${c}`).join('; '));
        for (const channel of missing) this.listening.add(channel);
      }
      if (!this.checks) {
        await this.audience.claim(client);
        this.checks = setInterval(() => void this.check(), CHECK_MS);
        this.checks.unref();
      }
      for (const member of [...this.members]) {
        if (this.ready.has(member) || this.client !== client) continue;
        await member.onListening();
        this.ready.add(member);
      }
      this.backoffMs = FIRST_RETRY_MS;
    } catch {
      // The connection failed, or a member's hook did: start again on a new connection, later.
      this.drop?.();
      this.reconnectLater();
    }
  }

  private async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    let released = false;
    // Once only: the connection's error event and a failing query may both get here.
    const drop = () => {
      if (released) return;
      released = true;
      if (this.client === client) {
        this.client = null;
        this.drop = null;
        this.listening.clear();
        this.ready.clear();
        this.audience.lost();
        clearInterval(this.checks);
        this.checks = undefined;
      }
      client.release(true);
    };
    client.on('notification', (message) => this.hear(message.channel, message.payload ?? ''));
    const lost = () => {
      if (this.client !== client) return;
      drop();
      this.backoffMs = FIRST_RETRY_MS;
      this.reconnectLater();
    };
    client.on('error', lost);
    client.on('end', lost);
    this.client = client;
    this.drop = drop;
    return client;
  }

  private reconnectLater(): void {
    if (this.members.size === 0 || this.retry) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, MAX_RETRY_MS);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.serial();
    }, wait);
    this.retry.unref();
  }

  private async release(): Promise<void> {
    clearTimeout(this.retry);
    this.retry = undefined;
    if (this.client) await this.client.query('UNLISTEN *').catch(() => undefined);
    this.drop?.();
  }
}
