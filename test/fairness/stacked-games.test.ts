// Stacked games (issue 28): a creator who chose the position (a scenario) or the seed can know, or
// have arranged, every hand. Such a game says `fairness.seeded: true` to everyone, and the public
// lobby does not list it unless the operator allows it (LIST_CHOSEN_GAMES): it is reached by its
// link. And no creator sees their deal before the last seat is taken, so nobody can open games
// until they like one (docs/rulings.md, R3b).

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { as, getGame, registerPlayer, type Player } from '../support/players.ts';

const t = useTestApp();
const listing = useTestApp({ listChosenGames: true });

const MAP = 'dan-tanna-enid-blyton';
const SEATS = [{ team: 'judges' }, { team: 'slaine' }];
/** The creator holds three cards of their choice and the joiner one: a stacked position. */
const STACKED = { seats: [{ hand: ['judges-01', 'judges-02', 'judges-03'] }, { hand: ['slaine-01'] }] };

async function create(app: typeof t.app, creator: Player, options: Record<string, unknown>) {
  const res = await request(app.server)
    .post('/v1/games')
    .set(as(creator))
    .send({ game: 'helter-skelter', seat: 0, options: { map: MAP, seats: SEATS, ...options } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; view: unknown; fairness: { seeded: boolean; position: boolean } };
}

const lobbyIds = async (app: typeof t.app, reader: Player | null = null) =>
  ((await request(app.server).get('/v1/games?status=open').set(as(reader))).body.games as { id: string }[]).map((g) => g.id);

describe('a game from a chosen position or seed', () => {
  it('says seeded (and position) to everyone, and is not listed in the public lobby, to strangers or its creator', async () => {
    const creator = await registerPlayer(t.app);
    const stranger = await registerPlayer(t.app);
    const fair = await create(t.app, creator, {});
    const scenario = await create(t.app, creator, { scenario: STACKED });
    const seeded = await create(t.app, creator, { seed: 'friday-night' });

    expect(fair.fairness).toMatchObject({ seeded: false, position: false });
    expect(scenario.fairness).toMatchObject({ seeded: true, position: true });
    expect(seeded.fairness).toMatchObject({ seeded: true, position: false });
    for (const reader of [null, stranger]) {
      const seen = await getGame(t.app, scenario.id, reader);
      expect((seen as unknown as typeof scenario).fairness).toMatchObject({ seeded: true, position: true });
      expect((seen as unknown as { options: { scenario: unknown } }).options.scenario).toBe(true);
    }

    for (const reader of [null, stranger, creator]) {
      const ids = await lobbyIds(t.app, reader);
      expect(ids).toContain(fair.id);
      expect(ids).not.toContain(scenario.id);
      expect(ids).not.toContain(seeded.id);
    }
  });

  it('is reached and joined by its link, and still says seeded once it is on', async () => {
    const creator = await registerPlayer(t.app);
    const joiner = await registerPlayer(t.app);
    const scenario = await create(t.app, creator, { scenario: STACKED });
    const claim = await request(t.app.server).post(`/v1/games/${scenario.id}/seats/1/claim`).set(as(joiner));
    expect(claim.status, claim.text).toBe(200);
    const seen = (await getGame(t.app, scenario.id, joiner)) as unknown as { status: string; fairness: { seeded: boolean; position: boolean } };
    expect(seen.status).toBe('active');
    expect(seen.fairness).toMatchObject({ seeded: true, position: true });
  });

  it('is listed where the operator allows it (LIST_CHOSEN_GAMES), still saying seeded', async () => {
    const creator = await registerPlayer(listing.app);
    const scenario = await create(listing.app, creator, { scenario: STACKED });
    const seeded = await create(listing.app, creator, { seed: 'friday-night' });
    const games = (await request(listing.app.server).get('/v1/games?status=open')).body.games as { id: string; fairness: { seeded: boolean } }[];
    expect(games.find((g) => g.id === scenario.id)?.fairness.seeded).toBe(true);
    expect(games.find((g) => g.id === seeded.id)?.fairness.seeded).toBe(true);
  });
});

interface SeatSeen {
  seat: number;
  hand?: string[];
  mapCards?: unknown[];
  orders?: unknown;
}
interface ViewSeen {
  viewer: number | null;
  seats: SeatSeen[];
  characters: { seat: number; startingCards?: unknown[] }[];
}

describe('the deal', () => {
  it('is shown to no one, its creator included, before the last seat is taken; then to each seat its own (R3b)', async () => {
    const creator = await registerPlayer(t.app);
    const joiner = await registerPlayer(t.app);
    const game = await create(t.app, creator, {});

    const mine = await getGame(t.app, game.id, creator);
    expect(mine.status).toBe('open');
    expect(mine.mySeat).toBe(0);
    const spectator = await getGame(t.app, game.id, null);
    // The creator sees what a spectator sees: no hand, no map cards, no starting cards; from the
    // answer to the creation on.
    expect(game.view).toEqual(spectator.view);
    expect(mine.view).toEqual(spectator.view);
    const before = mine.view as unknown as ViewSeen;
    for (const seat of before.seats) expect(seat.hand ?? seat.mapCards ?? seat.orders).toBeUndefined();
    for (const character of before.characters) expect(character.startingCards).toBeUndefined();
    // Nor through the caller's own list of games, or the lobby as the creator reads it.
    const listed = (await request(t.app.server).get('/v1/me/games').set(as(creator))).body.games as { game: { id: string; view: unknown } }[];
    expect(listed.find((g) => g.game.id === game.id)?.game.view).toEqual(spectator.view);
    const lobby = (await request(t.app.server).get('/v1/games?status=open').set(as(creator))).body.games as { id: string; view: unknown }[];
    expect(lobby.find((g) => g.id === game.id)?.view).toEqual(spectator.view);

    await request(t.app.server).post(`/v1/games/${game.id}/seats/1/claim`).set(as(joiner)).expect(200);
    const after = (await getGame(t.app, game.id, creator)).view as unknown as ViewSeen;
    expect(after.viewer).toBe(0);
    expect(after.seats[0]!.mapCards?.length).toBeGreaterThan(0);
    expect(after.seats[1]!.mapCards).toBeUndefined();
    expect(after.characters.some((c) => c.seat === 0 && c.startingCards)).toBe(true);
  });
});
