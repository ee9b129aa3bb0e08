// `npm run bench:api` (d): the floor server (floor-server.ts) as its own process, and clients that
// drive it as (b) and (c) drive the service: read the game, then send a command at its version.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startScriptServer, type Api, type Recorder, type Service } from './bench-service.ts';

export interface FloorShape {
  events: { type: string; payload: object }[];
  commandPayload: object;
  snapshot: unknown;
  /** A snapshot with every this-many commands (Infinity: none). */
  snapshotEvery: number;
}

/** Starts the floor server on a free port against `databaseUrl` (`profile`: its measured windows profiled, as the service's). */
export async function startFloor(databaseUrl: string, shape: FloorShape, poolMax?: string, profile = false): Promise<Service> {
  const shapeFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-')), 'shape.json');
  fs.writeFileSync(shapeFile, JSON.stringify({ ...shape, snapshotEvery: Number.isFinite(shape.snapshotEvery) ? Math.round(shape.snapshotEvery) : 1e12 }));
  return startScriptServer(
    'floor-server.ts',
    { DATABASE_URL: databaseUrl, FLOOR_SHAPE: shapeFile, ...(poolMax ? { DATABASE_POOL_MAX: poolMax } : {}) },
    'floor ready',
    () => fs.rmSync(path.dirname(shapeFile), { recursive: true, force: true }),
    profile ? 'floor' : undefined,
  );
}

/** `count` game rows for the floor, one per client. */
export async function floorGames(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO games (module, status, options) SELECT 'helter-skelter', 'active', '{}'::jsonb FROM generate_series(1, $1) RETURNING id`,
      [count],
    );
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

interface FloorRead {
  version: number;
  clockRevision: number;
}

/**
 * One game on the floor: reads it, then appends at the version read. Like (b)'s clients, which
 * read only when the command's answer did not carry the next one's game, it reads `readsPerCommand`
 * times a command on average (evenly spread), and otherwise appends at the version its last append
 * answered.
 */
export class FloorClient {
  private last: FloorRead | null = null;
  private owed = 1;

  private api: Api;
  private readonly game: string;
  private readonly readsPerCommand: () => number;

  constructor(
    api: Api,
    game: string,
    /** Reads a command, as the service's clients last made them (it may change between rounds). */
    readsPerCommand: () => number = () => 1,
  ) {
    this.api = api;
    this.game = game;
    this.readsPerCommand = readsPerCommand;
  }

  useApi(api: Api): void {
    this.api = api;
  }

  async prepare(record: Recorder = () => undefined): Promise<FloorRead> {
    if (this.owed < 1 && this.last) {
      this.owed += this.readsPerCommand();
      return this.last;
    }
    this.owed += this.readsPerCommand() - 1;
    const started = performance.now();
    const res = await this.api.call<FloorRead>('GET', `/floor/games/${this.game}`, null);
    record('get', performance.now() - started);
    if (res.status !== 200) throw new Error(`floor read: ${res.status}`);
    return res.body;
  }

  async send(prepared: FloorRead, record: Recorder = () => undefined): Promise<number> {
    const started = performance.now();
    const res = await this.api.call<{ version: number }>('POST', `/floor/games/${this.game}/commands`, null, prepared);
    record('post', performance.now() - started);
    if (res.status !== 200) throw new Error(`floor command: ${res.status}`);
    this.last = { ...prepared, version: res.body.version };
    return res.body.version;
  }

  async step(record: Recorder = () => undefined): Promise<number> {
    return this.send(await this.prepare(record), record);
  }
}
