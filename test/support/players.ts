// Players over HTTP: accounts with tokens, and small helpers to read a game and send commands.

import request from 'supertest';
import type { App } from '../../src/app.ts';

export interface Player {
  handle: string;
  token: string;
}

let counter = 0;

/** A new account and its session token. */
export async function registerPlayer(app: App, prefix = 'player'): Promise<Player> {
  const handle = `${prefix}${process.pid}x${++counter}`.slice(0, 32);
  const res = await request(app.server)
    .post('/v1/accounts')
    .send({ handle, email: `${handle}@example.test`, password: 'correct horse battery staple' });
  if (res.status !== 201) throw new Error(`register ${handle}: ${res.status} ${JSON.stringify(res.body)}`);
  return { handle, token: res.body.token as string };
}

export const as = (player: Player | null) => (player ? { authorization: `Bearer ${player.token}` } : {});

export async function getGame(app: App, id: string, player: Player | null, query = '') {
  const res = await request(app.server).get(`/v1/games/${id}${query}`).set(as(player));
  if (res.status !== 200) throw new Error(`GET game: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as GameBody;
}

export async function send(app: App, id: string, player: Player, command: object, headers: Record<string, string> = {}) {
  return request(app.server).post(`/v1/games/${id}/commands`).set(as(player)).set(headers).send(command);
}

/** A game on Dan Tanna and Enid Blyton, created by `creator`: Judges v Sláine unless `options` says otherwise. */
export async function createGame(app: App, creator: Player, options: Record<string, unknown> = {}): Promise<string> {
  const res = await request(app.server)
    .post('/v1/games')
    .set(as(creator))
    .send({ game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }], ...options } });
  if (res.status !== 201) throw new Error(`create game: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** `createGame` by the first of `seated`, each of whom then claims the seat of its index: with every seat taken, it starts. */
export async function startGameFor(app: App, seated: Player[], options: Record<string, unknown> = {}): Promise<string> {
  const id = await createGame(app, seated[0]!, options);
  for (const [seat, player] of seated.entries()) {
    const res = await request(app.server).post(`/v1/games/${id}/seats/${seat}/claim`).set(as(player));
    if (res.status !== 200) throw new Error(`claim seat ${seat}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return id;
}

export interface GameBody {
  id: string;
  status: string;
  version: number;
  mySeat: number | null;
  seats: { seat: number; player: string | null; bot: boolean }[];
  awaiting: { seat: number; situation: string; windowId: string }[];
  legalCommands: { type: string }[];
  view: {
    seats: { seat: number; hand?: string[]; mapCards?: number[]; points: number }[];
    characters: { id: string; seat: number; startingCards?: number[] }[];
    winners: number[];
  };
}
