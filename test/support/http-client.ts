// A small HTTP client over fetch, for tests that talk to a listening server (in-process after
// `app.listen`, or a real server process): accounts, games, commands, and the raw answers.

import { pickCommand } from '../../src/platform/random-player.ts';
import { seedRng } from '../../src/platform/random.ts';

export interface HttpPlayer {
  handle: string;
  token: string;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  contentType: string;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  text: string;
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as is, without a JSON content type (unless `headers` gives one). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function call(base: string, method: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  // A copy in a plain ArrayBuffer: what every fetch typing (Node's and the DOM's) takes as a body.
  if (options.rawBody !== undefined) body = typeof options.rawBody === 'string' ? options.rawBody : new Uint8Array(options.rawBody);
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${base}${path}`, { method, headers, body, signal: options.signal });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, contentType: res.headers.get('content-type') ?? '', body: parsed, text };
}

let counter = 0;

export async function register(base: string, prefix = 'r'): Promise<HttpPlayer> {
  const handle = `${prefix}${process.pid}y${++counter}`.slice(0, 32);
  const res = await call(base, 'POST', '/v1/accounts', {
    body: { handle, email: `${handle}@example.test`, password: 'correct horse battery staple' },
  });
  if (res.status !== 201) throw new Error(`register ${handle}: ${res.status} ${res.text}`);
  return { handle, token: (res.body as { token: string }).token };
}

const TEAMS = ['judges', 'strontium-dogs', 'nikolai-dante', 'slaine'];

/** Creates a game for these players (seat i = players[i]) and has each claim its seat; it starts. */
export async function startGame(base: string, players: HttpPlayer[], options: { map?: string; seed?: string; clock?: unknown } = {}): Promise<string> {
  const created = await call(base, 'POST', '/v1/games', {
    token: players[0]!.token,
    body: {
      game: 'helter-skelter',
      options: {
        map: options.map ?? 'dan-tanna-enid-blyton',
        ...(options.seed ? { seed: options.seed } : {}),
        ...(options.clock ? { clock: options.clock } : {}),
        seats: players.map((_, i) => ({ team: TEAMS[i] })),
      },
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const id = (created.body as { id: string }).id;
  for (const [seat, p] of players.entries()) {
    const claimed = await call(base, 'POST', `/v1/games/${id}/seats/${seat}/claim`, { token: p.token });
    if (claimed.status !== 200) throw new Error(`claim ${seat}: ${claimed.status} ${claimed.text}`);
  }
  return id;
}

export interface GameAnswer {
  id: string;
  status: string;
  version: number;
  mySeat: number | null;
  updatedAt: string;
  seats: { seat: number; player: string | null; bot: boolean }[];
  awaiting: { seat: number; situation: string; windowId: string; deadline: string | null }[];
  legalCommands: ({ type: string } & Record<string, unknown>)[];
  anytimeCommands: ({ type: string } & Record<string, unknown>)[];
  view: Record<string, unknown>;
}

export async function readGame(base: string, id: string, player: HttpPlayer | null, query = ''): Promise<GameAnswer> {
  const res = await call(base, 'GET', `/v1/games/${id}${query}`, { token: player?.token ?? null });
  if (res.status !== 200) throw new Error(`GET game: ${res.status} ${res.text}`);
  return res.body as GameAnswer;
}

export function postCommand(base: string, id: string, player: HttpPlayer | null, command: unknown, headers: Record<string, string> = {}) {
  return call(base, 'POST', `/v1/games/${id}/commands`, { token: player?.token ?? null, body: command, headers });
}

/**
 * Plays `count` commands (or until the game ends or `until` holds): each time the first awaited
 * seat sends one of its legal commands, chosen by `pick` (default: a seeded random choice).
 */
export async function playMoves(
  base: string,
  id: string,
  players: HttpPlayer[],
  count: number,
  options: { seed?: string; until?: (game: GameAnswer) => boolean } = {},
): Promise<GameAnswer> {
  let rng = seedRng(options.seed ?? `moves:${id}`);
  for (let i = 0; i < count; i++) {
    const spectator = await readGame(base, id, null);
    if (spectator.status === 'finished' || options.until?.(spectator)) return spectator;
    const seat = spectator.awaiting[0]!.seat;
    const game = await readGame(base, id, players[seat]!);
    let command;
    [command, rng] = pickCommand(game.legalCommands, rng);
    const res = await postCommand(base, id, players[seat]!, command);
    if (res.status !== 200) throw new Error(`seat ${seat} ${JSON.stringify(command)}: ${res.status} ${res.text}`);
  }
  return readGame(base, id, null);
}
