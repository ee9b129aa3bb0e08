// What the service benchmarks share (bench-api, bench-deadlines, bench-notify): the service as
// its own process (`src/main.ts`, as `npm start` runs it), HTTP clients that play real 2-player
// games through the API, the flat-out load of `npm run bench:api` (b), and the figures.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Pool as HttpPool } from 'undici';
import { PROJECT_ROOT } from '../../src/config/config.ts';
import { findFreePort } from '../../src/config/ports.ts';
import { startFlags } from './start-command.ts';

export const say = (line: string): void => void process.stdout.write(`${line}\n`);

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ───────────────────────────── the service ─────────────────────────────

export interface Service {
  url: string;
  pid: number;
  stop(): Promise<void>;
  /** With `profileWindows`: starts and stops a CPU profile of the service (the file: `service-<pid>-<n>.cpuprofile` under .bench/). */
  profiling?: { start(): void; stop(): void };
}

export interface ServiceOptions {
  databaseUrl: string;
  logLevel?: string;
  /** DATABASE_POOL_MAX; unset: the service's default (10). */
  poolMax?: string;
  /** Writes a CPU profile (node --cpu-prof) under .bench/ when the service stops. */
  profile?: boolean;
  /** Profiles only between the service's `profiling.start()` and `profiling.stop()` (./profile-on-signal.ts), each window to its own file under .bench/. */
  profileWindows?: boolean;
  /** More environment (e.g. WEBHOOK_ALLOW_HTTP). */
  env?: Record<string, string>;
}

/**
 * Starts `src/main.ts` on a free port against `databaseUrl` (migrated by the service itself), with
 * rate limits and the per-account game limits off, and waits for /readyz.
 */
export async function startService(options: ServiceOptions): Promise<Service> {
  const port = await findFreePort();
  const nodeArgs = startFlags();
  const profileDir = path.join(PROJECT_ROOT, '.bench');
  if (options.profile) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  if (options.profileWindows) nodeArgs.push('--import', path.join(PROJECT_ROOT, 'scripts', 'support', 'profile-on-signal.ts'));
  const child = spawn(process.execPath, [...nodeArgs, path.join(PROJECT_ROOT, 'src', 'main.ts')], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel ?? 'warn',
      BENCH_PROFILE_DIR: profileDir,
      RATE_LIMIT_PER_MINUTE: '0',
      LOGIN_RATE_LIMIT_PER_MINUTE: '0',
      GAMES_PER_DAY_PER_ACCOUNT: '1000000',
      OPEN_GAMES_PER_ACCOUNT: '100000',
      ...(options.poolMax ? { DATABASE_POOL_MAX: options.poolMax } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout!.resume(); // its logs: drained, not shown
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the service exited during start-up');
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (i > 600) {
      child.kill('SIGTERM');
      throw new Error('the service did not become ready in 60 s');
    }
    await sleep(100);
  }
  let stopped = false;
  const toggle = () => void child.kill('SIGUSR2');
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (stopped) return;
      stopped = true;
      child.kill('SIGTERM');
      await exited;
      if (options.profile) say(`service CPU profile: ${newest(profileDir)}`);
      if (options.profileWindows) say(`service CPU profiles: ${path.join(profileDir, `service-${child.pid}-*.cpuprofile`)} (node --import tsx scripts/profile-top.ts <file>)`);
    },
    ...(options.profileWindows ? { profiling: { start: toggle, stop: toggle } } : {}),
  };
}

/**
 * A script of scripts/support (the floor, the peer) as its own process on a free port: started
 * with `env` and PORT, ready when it prints `readyLine`; `stop` ends it and runs `cleanUp`.
 */
export async function startScriptServer(
  script: string,
  env: Record<string, string>,
  readyLine: string,
  cleanUp: () => void = () => undefined,
  /** Profiles between `profiling.start()` and `profiling.stop()`, as `startService`'s `profileWindows`, into `<profileLabel>-<pid>-<n>.cpuprofile`. */
  profileLabel?: string,
): Promise<Service> {
  const port = await findFreePort();
  const profileDir = path.join(PROJECT_ROOT, '.bench');
  // The service's flags: the floor and the peer are measured with the same garbage collector.
  const nodeArgs = [...startFlags(), ...(profileLabel ? ['--import', path.join(PROJECT_ROOT, 'scripts', 'support', 'profile-on-signal.ts')] : [])];
  const child = spawn(process.execPath, [...nodeArgs, path.join(PROJECT_ROOT, 'scripts', 'support', script)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, PORT: String(port), ...(profileLabel ? { BENCH_PROFILE_DIR: profileDir, BENCH_PROFILE_LABEL: profileLabel } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(readyLine) && resolve());
    child.once('exit', () => reject(new Error(`${script} exited during start-up`)));
  });
  child.stdout!.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      cleanUp();
      if (profileLabel) say(`${profileLabel} CPU profiles: ${path.join(profileDir, `${profileLabel}-${child.pid}-*.cpuprofile`)}`);
    },
    ...(profileLabel ? { profiling: { start: () => void child.kill('SIGUSR2'), stop: () => void child.kill('SIGUSR2') } } : {}),
  };
}

function newest(dir: string): string {
  const files = fs.readdirSync(dir).map((f) => path.join(dir, f));
  return files.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0] ?? dir;
}

// ───────────────────────────── HTTP ─────────────────────────────

export class Api {
  readonly http: HttpPool;
  /** What the answers read so far cost this client: their bytes, and the milliseconds `JSON.parse` took. */
  readonly read = { bytes: 0, parseMs: 0 };

  constructor(url: string, connections: number) {
    this.http = new HttpPool(url, { connections, pipelining: 1 });
  }

  async call<T>(method: 'GET' | 'POST', pathname: string, token: string | null, body?: unknown, extra: Record<string, string> = {}): Promise<{ status: number; body: T }> {
    const response = await this.http.request({
      method,
      path: pathname,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.body.text();
    const parsing = performance.now();
    const parsed = (text ? JSON.parse(text) : {}) as T;
    this.read.parseMs += performance.now() - parsing;
    const length = response.headers['content-length'];
    this.read.bytes += typeof length === 'string' ? Number(length) : Buffer.byteLength(text);
    return { status: response.statusCode, body: parsed };
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

let accounts = 0;

/** A new account; its token. */
export async function register(api: Api, prefix: string): Promise<string> {
  const handle = `${prefix}-${process.pid.toString(36)}-${++accounts}`;
  const res = await api.call<{ token: string }>('POST', '/v1/accounts', null, {
    handle,
    email: `${handle}@example.test`,
    password: 'correct horse battery staple',
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

export interface GameView {
  id: string;
  status: string;
  version: number;
  awaiting: { seat: number; situation: string; windowId: string; deadline: string | null }[];
  legalCommands: { type: string }[];
  /** The command types that give the game up (a surrender). */
  givingUp?: string[];
}

export const MAPS = ['dan-tanna-enid-blyton', 'grand-hall-of-justice'];

/** A 2-player game between the two accounts, both seats claimed (so it has started); its id. */
export async function twoPlayerGame(api: Api, tokens: readonly string[], options: { map: string; clock?: unknown }): Promise<string> {
  const created = await api.call<{ id: string }>('POST', '/v1/games', tokens[0]!, {
    game: 'helter-skelter',
    options: { map: options.map, ...(options.clock === undefined ? {} : { clock: options.clock }), seats: [{ team: 'judges' }, { team: 'slaine' }] },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  for (const seat of [0, 1]) {
    const claimed = await api.call('POST', `/v1/games/${created.body.id}/seats/${seat}/claim`, tokens[seat]!);
    if (claimed.status !== 200) throw new Error(`claim: ${claimed.status} ${JSON.stringify(claimed.body)}`);
  }
  return created.body.id;
}

export type Recorder = (kind: 'get' | 'post', ms: number) => void;

/** RFC 7240: the command's answer carries the game as its sender then sees it. */
const REPRESENTATION = { prefer: 'return=representation' };

/** A command ready to send: read as the awaited seat, one of its legal commands. */
export interface Prepared {
  token: string;
  body: object;
}

/**
 * A client with two accounts playing 2-player games over HTTP (default clocks: daily, so the
 * clocks never act): read the game as the awaited seat (named by the previous command's answer),
 * POST one of its `legalCommands`; a new game when one ends. Each POST asks for the game back
 * (`Prefer: return=representation`), as a client that acts again would: while the same seat is
 * awaited, its next command comes from that answer, and the game is read only when the other
 * seat is awaited (its player reads its own view).
 */
export class Player {
  private tokens: string[] = [];
  private game = '';
  private seat = 0;
  /** The game as the last POST's answer showed it to its sender, while that seat is still awaited. */
  private represented: GameView | null = null;
  private readonly next: (n: number) => number;

  private api: Api;
  private readonly index: number;
  private readonly prefix: string;

  constructor(
    api: Api,
    index: number,
    prefix = 'bench',
  ) {
    this.api = api;
    this.index = index;
    this.prefix = prefix;
    this.next = chooser(index + 1);
  }

  /** Talks to the service through another pool (the service was restarted). */
  useApi(api: Api): void {
    this.api = api;
  }

  get gameId(): string {
    return this.game;
  }

  get accountTokens(): readonly string[] {
    return this.tokens;
  }

  async register(): Promise<void> {
    this.tokens = [await register(this.api, `${this.prefix}-a`), await register(this.api, `${this.prefix}-b`)];
  }

  async newGame(): Promise<void> {
    this.game = await twoPlayerGame(this.api, this.tokens, { map: MAPS[this.index % 2]! });
    this.seat = 0;
  }

  /** Reads the game as the awaited seat (a new game when it has ended) and picks one legal command. */
  async prepare(record: Recorder = () => undefined): Promise<Prepared> {
    for (;;) {
      let game = this.represented;
      this.represented = null;
      let started = performance.now();
      if (!game) {
        game = await this.read();
        record('get', performance.now() - started);
      }
      if (game.status !== 'active' || game.awaiting.length === 0) {
        await this.newGame();
        continue;
      }
      const awaited = game.awaiting[0]!.seat;
      if (awaited !== this.seat) {
        this.seat = awaited;
        started = performance.now();
        game = await this.read();
        record('get', performance.now() - started);
      }
      const types = [...new Set(game.legalCommands.map((c) => c.type))];
      const type = types[this.next(types.length)];
      const ofType = game.legalCommands.filter((c) => c.type === type);
      const command = ofType[this.next(ofType.length)];
      return { token: this.tokens[this.seat]!, body: { ...command, expectedVersion: game.version } };
    }
  }

  /**
   * POSTs a prepared command; its version after. The answer says who the game awaits next, so the
   * next read is made as that seat, as each player of a real table reads only its own view.
   */
  async send(prepared: Prepared, record: Recorder = () => undefined): Promise<number> {
    const started = performance.now();
    const sent = await this.api.call<{ version: number; awaiting?: { seat: number }[]; game?: GameView }>(
      'POST',
      `/v1/games/${this.game}/commands`,
      prepared.token,
      prepared.body,
      REPRESENTATION,
    );
    record('post', performance.now() - started);
    if (sent.status !== 200) throw new Error(`command: ${sent.status} ${JSON.stringify(sent.body)}`);
    const next = sent.body.awaiting?.[0]?.seat;
    this.represented = next === this.seat && sent.body.game ? sent.body.game : null;
    if (next !== undefined) this.seat = next;
    return sent.body.version;
  }

  async step(record: Recorder = () => undefined): Promise<number> {
    return this.send(await this.prepare(record), record);
  }

  private async read(): Promise<GameView> {
    const res = await this.api.call<GameView>('GET', `/v1/games/${this.game}`, this.tokens[this.seat]!);
    if (res.status !== 200) throw new Error(`read: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
}

/** `count` players, registered one after another (registration hashes a password), each in a started game. */
export async function newPlayers(api: Api, count: number, prefix = 'bench', firstIndex = 0): Promise<Player[]> {
  const players = Array.from({ length: count }, (_, i) => new Player(api, firstIndex + i, prefix));
  for (const player of players) await player.register();
  await Promise.all(players.map((p) => p.newGame()));
  return players;
}

/**
 * The load of `npm run bench:api` (b): each player as fast as it can, until `stop()`, which
 * returns the commands accepted meanwhile. A failing player stops the load and `stop()` throws.
 */
export function flatOut(players: readonly Player[], record: Recorder = () => undefined): { commands(): number; stop(): Promise<number> } {
  let stopping = false;
  let commands = 0;
  const loops = players.map(async (player) => {
    while (!stopping) {
      await player.step(record);
      commands += 1;
    }
  });
  const all = Promise.all(loops);
  all.catch(() => (stopping = true));
  return {
    commands: () => commands,
    async stop() {
      stopping = true;
      await all;
      return commands;
    },
  };
}

// ───────────────────────────── figures ─────────────────────────────

export function percentile(values: readonly number[], p: number): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** A seeded choice in [0, n) (mulberry32). */
export function chooser(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** CPU seconds (user + system) each process has used so far. */
function cpuSeconds(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // exited meanwhile
    }
  }
  return used;
}

export interface CpuUse {
  service: number;
  database: number;
  bench: number;
  /** The answers the load generator read meanwhile, when the meter was given its client: their bytes and the seconds `JSON.parse` took. */
  answers?: { bytes: number; parseSeconds: number };
}

export type Meter = ReturnType<typeof cpuMeter>;

/**
 * CPU seconds used by the service, the database and this process between begin() and end(); with
 * `api`, also what reading that client's answers cost meanwhile (`Api.read`).
 */
export function cpuMeter(pids: () => { service: number[]; database: number[] }, api?: Api) {
  let before: { service: Map<number, number>; database: Map<number, number>; bench: NodeJS.CpuUsage; read: Api['read'] } | undefined;
  const delta = (now: Map<number, number>, then: Map<number, number>) => [...now].reduce((sum, [pid, s]) => sum + s - (then.get(pid) ?? 0), 0);
  return {
    begin() {
      const { service, database } = pids();
      before = { service: cpuSeconds(service), database: cpuSeconds(database), bench: process.cpuUsage(), read: { ...(api?.read ?? { bytes: 0, parseMs: 0 }) } };
    },
    end(): CpuUse {
      const { service, database } = pids();
      const bench = process.cpuUsage(before!.bench);
      return {
        service: delta(cpuSeconds(service), before!.service),
        database: delta(cpuSeconds(database), before!.database),
        bench: (bench.user + bench.system) / 1e6,
        ...(api ? { answers: { bytes: api.read.bytes - before!.read.bytes, parseSeconds: (api.read.parseMs - before!.read.parseMs) / 1000 } } : {}),
      };
    },
  };
}
