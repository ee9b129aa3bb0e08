// GET /v1/games: the open games a player could join (Lobby.open, through Prisma Client).

import request from 'supertest';
import { expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { as, createGame, registerPlayer, startGameFor } from '../support/players.ts';

const t = useTestApp();

it('lists open games with a free seat, oldest first; not a started game (all bots start at once)', async () => {
  const [a, b] = [await registerPlayer(t.app, 'lister'), await registerPlayer(t.app, 'lister')];
  const first = await createGame(t.app, a);
  const started = await startGameFor(t.app, [a, b]);
  const second = await createGame(t.app, b);
  const allBots = await createGame(t.app, a, { seats: [{ team: 'judges', bot: true }, { team: 'slaine', bot: true }] });

  const res = await request(t.app.server).get('/v1/games').set(as(a)).expect(200);
  const ids = (res.body.games as { id: string }[]).map((g) => g.id);
  expect(ids).toEqual([first, second]);
  expect(ids).not.toContain(started);
  expect(ids).not.toContain(allBots);
});
