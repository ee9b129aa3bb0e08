// `options.scenario` of POST /v1/games, through the real app: the schema
// refuses a typo by name, a character the scenario does not name is placed undeployed behind
// starting map cards (not silently dead), `space: 'dead'` leaves one out, and a position no game
// could reach is refused with a sentence saying what is wrong.

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MULTIPLAYER_DESIGNATIONS } from '../../src/games/helter-skelter/content/index.ts';
import { helterSkelter } from '../../src/games/helter-skelter/index.ts';
import type { GameSetup } from '../../src/games/helter-skelter/types.ts';
import { useTestApp } from '../support/app.ts';
import { as, getGame, registerPlayer, startGameFor, type Player } from '../support/players.ts';

const t = useTestApp();

const MAP = 'dan-tanna-enid-blyton';
const TWO_SEATS = { map: MAP, seats: [{ team: 'judges' }, { team: 'slaine' }] };

interface CharacterSeen {
  id: string;
  form: string;
  seat: number;
  health: number;
  warpCubes: number;
  status: string;
  space: number | null;
  startingCards?: number[];
}
interface SeatSeen {
  seat: number;
  hand?: string[];
  handSize: number;
  deckSize: number;
  discard: string[];
  fragments: number;
  kills: string[];
  points: number;
}
interface ViewSeen {
  activeSeat: number;
  situation: { kind: string; actor?: number; mustDeploy?: boolean };
  seats: SeatSeen[];
  characters: CharacterSeen[];
  fragments: { seat: number; space: number }[];
}

const create = (creator: Player, options: object) => request(t.app.server).post('/v1/games').set(as(creator)).send({ game: 'helter-skelter', options });
const gamesCount = async () => (await t.db.pool.query(`SELECT count(*)::int AS n FROM games`)).rows[0].n as number;

/** Two fresh players seated Judges (0) v Sláine (1) in a game from `scenario`; each one's view. */
async function play(scenario: object, extra: object = {}) {
  const players = [await registerPlayer(t.app, 'scn'), await registerPlayer(t.app, 'scn')];
  const id = await startGameFor(t.app, players, { scenario, ...extra });
  const views = await Promise.all(players.map(async (p) => (await getGame(t.app, id, p)).view as unknown as ViewSeen));
  const character = (seat: number, cid: string) => views[seat]!.characters.find((c) => c.id === cid)!;
  return { id, views, character };
}

describe('the schema', () => {
  it('refuses an unknown field at every level of the scenario, naming it, and creates nothing', async () => {
    const me = await registerPlayer(t.app);
    const before = await gamesCount();
    const cases: [object, string][] = [
      [{ seed: 'x' }, '/options/scenario/seed'],
      [{ activeSaet: 1 }, '/options/scenario/activeSaet'],
      [{ seats: [{ hnad: [] }] }, '/options/scenario/seats/0/hnad'],
      [{ seats: [{ team: 'slaine' }] }, '/options/scenario/seats/0/team'],
      [{ characters: { dredd: { space: 3, helth: 2 } } }, '/options/scenario/characters/dredd/helth'],
      [{ characters: { dred: { space: 3 } } }, '/options/scenario/characters/dred'],
      [{ fragments: [{ seat: 0, space: 3, colour: 'red' }] }, '/options/scenario/fragments/0/colour'],
      [{ map: MAP }, '/options/scenario/map'],
    ];
    for (const [scenario, path] of cases) {
      const res = await create(me, { ...TWO_SEATS, scenario });
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors).toContainEqual(expect.objectContaining({ in: 'body', path }));
      expect(res.body.detail).toContain(`“${path.split('/').pop()}” (in ${path.split('/').slice(1, -1).join('/')}) is not a`);
    }
    expect(await gamesCount()).toBe(before);
  });

  it('refuses malformed values: a card id that is none, a space off the map, an unknown state, too many cards', async () => {
    const me = await registerPlayer(t.app);
    const cases: [object, string][] = [
      [{ seats: [{ hand: ['judges-31'] }] }, '/options/scenario/seats/0/hand/0'],
      [{ characters: { dredd: { space: 41 } } }, '/options/scenario/characters/dredd/space'],
      [{ characters: { dredd: { space: 'asleep' } } }, '/options/scenario/characters/dredd/space'],
      [{ characters: { dredd: { space: 3, health: 0 } } }, '/options/scenario/characters/dredd/health'],
      [{ characters: { slaine: { space: 3, form: 'warp-dredd' } } }, '/options/scenario/characters/slaine/form'],
      [{ seats: [{ hand: Array.from({ length: 8 }, (_, i) => `judges-0${i + 1}`) }] }, '/options/scenario/seats/0/hand'],
      [{ seats: [{ kills: ['ukko', 'ukko'] }] }, '/options/scenario/seats/0/kills'],
      [{ activeSeat: 4 }, '/options/scenario/activeSeat'],
    ];
    for (const [scenario, path] of cases) {
      const res = await create(me, { ...TWO_SEATS, scenario });
      expect(res.status, `${JSON.stringify(scenario)}: ${res.text}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });
});

describe('a valid scenario', () => {
  it('creates the game it describes, every field of the schema used', async () => {
    const hand0 = ['judges-01', 'judges-02', 'judges-03'];
    const { views, character } = await play({
      seats: [
        { hand: hand0, deck: ['judges-10', 'judges-11'], discard: ['judges-20'], fragments: 1 },
        { hand: ['slaine-01'], kills: ['anderson'] },
      ],
      characters: {
        dredd: { space: 7, health: 3 },
        giant: { space: 'undeployed', startingCards: [8] },
        anderson: { space: 'dead' },
        slaine: { space: 14, health: 4, warpCubes: 2 },
        ukko: { space: 'undeployed', startingCards: [17, 3] },
        niamh: { space: 21, form: 'niamh' },
      },
      fragments: [
        { seat: 0, space: 30 },
        { seat: 1, space: 31 },
      ],
      activeSeat: 1,
    });
    const [judges, slaine] = views as [ViewSeen, ViewSeen];
    expect(judges.seats[0]).toMatchObject({ hand: hand0, deckSize: 2, discard: ['judges-20'], fragments: 1, kills: [], points: 1 });
    expect(slaine.seats[1]).toMatchObject({ hand: ['slaine-01'], deckSize: 29, kills: ['anderson'], points: 1 });
    expect(slaine.seats[0]!.hand).toBeUndefined();
    expect(character(0, 'dredd')).toMatchObject({ status: 'deployed', space: 7, health: 3 });
    expect(character(0, 'giant')).toMatchObject({ status: 'undeployed', space: null, startingCards: [8] });
    expect(character(0, 'anderson')).toMatchObject({ status: 'dead', space: null });
    expect(character(0, 'slaine')).toMatchObject({ status: 'deployed', space: 14, health: 4, warpCubes: 2, form: 'slaine' });
    expect(character(1, 'ukko')).toMatchObject({ status: 'undeployed', startingCards: [3, 17] });
    expect(character(1, 'niamh')).toMatchObject({ status: 'deployed', space: 21 });
    expect(judges.fragments).toEqual([
      { seat: 0, space: 30 },
      { seat: 1, space: 31 },
    ]);
    // Seat 1 has Ukko undeployed, so its turn starts with a deploy.
    expect(judges.activeSeat).toBe(1);
    expect(judges.situation).toMatchObject({ kind: 'turn', actor: 1, mustDeploy: true });
  });

  it('plays on from its position: the active seat deploys a character the scenario placed', async () => {
    const players = [await registerPlayer(t.app, 'scn'), await registerPlayer(t.app, 'scn')];
    const id = await startGameFor(t.app, players, { scenario: { characters: { dredd: { space: 7 } } } });
    const game = await getGame(t.app, id, players[0]!);
    const giant = (game.view.characters as CharacterSeen[]).find((c) => c.id === 'giant')!;
    const res = await request(t.app.server)
      .post(`/v1/games/${id}/commands`)
      .set(as(players[0]!))
      .send({ type: 'DEPLOY', windowId: game.awaiting[0]!.windowId, character: 'giant', space: giant.startingCards![0] });
    expect(res.status, res.text).toBe(200);
    const after = (await getGame(t.app, id, null)).view as unknown as ViewSeen;
    expect(after.characters.find((c) => c.id === 'giant')).toMatchObject({ status: 'deployed', space: giant.startingCards![0] });
  });
});

describe('characters the scenario does not name', () => {
  it('are placed undeployed behind starting map cards their owner sees, as in a normal set-up', async () => {
    const fragments = [
      { seat: 0, space: 1 },
      { seat: 1, space: 3 },
      { seat: 0, space: 4 },
    ];
    const { views, character } = await play({ characters: { dredd: { space: 7 }, slaine: { space: 8 } }, fragments });
    const unnamed = { 0: ['giant', 'anderson', 'hershey', 'mean-machine'], 1: ['ukko', 'niamh', 'kai'] };
    const cards: number[] = [];
    for (const [seat, ids] of Object.entries(unnamed)) {
      for (const cid of ids) {
        const mine = character(Number(seat), cid);
        expect(mine, cid).toMatchObject({ status: 'undeployed', space: null });
        // Stealth: "assign two map cards to Ukko instead of one".
        expect(mine.startingCards, cid).toHaveLength(cid === 'ukko' ? 2 : 1);
        cards.push(...mine.startingCards!);
        // Hidden from the other seat, as any starting card is.
        expect(character(1 - Number(seat), cid).startingCards).toBeUndefined();
      }
    }
    // Each map card used once, none a fragment's, none a multiplayer card a two-player deal removes.
    expect(new Set(cards).size).toBe(cards.length);
    for (const card of cards) {
      expect(fragments.map((f) => f.space)).not.toContain(card);
      expect(MULTIPLAYER_DESIGNATIONS).not.toContain(card);
    }
    expect(views[0]!.situation).toMatchObject({ kind: 'turn', actor: 0, mustDeploy: true });
  });

  it('are placed the same way every time the game is built from its key (chosen seed: the same cards)', async () => {
    const scenario = { characters: { dredd: { space: 7 }, slaine: { space: 8 } } };
    const a = await play(scenario, { seed: 'same-cards' });
    const b = await play(scenario, { seed: 'same-cards' });
    const c = await play(scenario, { seed: 'other-cards' });
    const cardsOf = (g: typeof a) => ['giant', 'anderson', 'hershey', 'mean-machine'].map((cid) => g.character(0, cid).startingCards);
    expect(cardsOf(b)).toEqual(cardsOf(a));
    expect(cardsOf(c)).not.toEqual(cardsOf(a));
    // The stored set-up rebuilds the same state, byte for byte, whenever the game is replayed.
    const { rows } = await t.db.pool.query(`SELECT options FROM games WHERE id = $1`, [a.id]);
    const setup = rows[0].options.setup as GameSetup;
    const once = helterSkelter.initialState(setup);
    expect(JSON.stringify(helterSkelter.initialState(setup))).toBe(JSON.stringify(once));
    expect(['giant', 'anderson', 'hershey', 'mean-machine'].map((cid) => once.characters[cid]!.startingCards)).toEqual(cardsOf(a));
  });

  it('are out of play only when the scenario says `space: "dead"`', async () => {
    const { character, views } = await play({
      characters: { dredd: { space: 7 }, giant: { space: 'dead' }, slaine: { space: 8 }, kai: { space: 'dead' } },
    });
    expect(character(0, 'giant')).toMatchObject({ status: 'dead', space: null });
    expect(character(0, 'giant').startingCards).toBeUndefined();
    expect(character(1, 'kai')).toMatchObject({ status: 'dead', space: null });
    expect(character(0, 'anderson')).toMatchObject({ status: 'undeployed' });
    expect(views[0]!.seats.map((s) => s.points)).toEqual([0, 0]);
  });
});

describe('an impossible position', () => {
  const cases: [string, object, RegExp][] = [
    ['two fragments on one space', { fragments: [{ seat: 0, space: 3 }, { seat: 1, space: 3 }] }, /Two fragments lie on space 3/],
    ['a kill still in play', { seats: [{ kills: ['ukko'] }], characters: { ukko: { space: 5 } } }, /ukko is counted as a kill but is still in play/],
    ['a kill of your own character', { seats: [{ kills: ['dredd'] }], characters: { dredd: { space: 'dead' } } }, /killing your own dredd/],
    ['five points', { seats: [{ fragments: 3, kills: ['ukko', 'kai'] }], characters: { ukko: { space: 'dead' }, kai: { space: 'dead' } } }, /five points: the game would be over/],
    [
      'more than five fragments of a seat',
      { seats: [{ fragments: 3 }], fragments: [1, 3, 4].map((space) => ({ seat: 0, space })) },
      /Seat 0 has 3 fragments collected and 3 on the map, but places only five/,
    ],
    [
      'one map card under two characters',
      { characters: { giant: { space: 'undeployed', startingCards: [6] }, kai: { space: 'undeployed', startingCards: [6] } } },
      /Map card 6 is under both Judge Giant and Kai; each map card is used once/,
    ],
    [
      'a starting card a fragment was placed from',
      { characters: { giant: { space: 'undeployed', startingCards: [6] } }, fragments: [{ seat: 1, space: 6 }] },
      /Map card 6 is under Judge Giant, but a fragment was placed from it/,
    ],
    ['Ukko with one starting card', { characters: { ukko: { space: 'undeployed', startingCards: [6] } } }, /Ukko is undeployed, so it needs 2 different starting map cards/],
    ['an undeployed character without starting cards', { characters: { giant: { space: 'undeployed' } } }, /Judge Giant is undeployed, so it needs one starting map card/],
    ['starting cards of a deployed character', { characters: { giant: { space: 6, startingCards: [6] } } }, /Judge Giant is not undeployed, so it has no starting map cards/],
    ['a hurt undeployed character', { characters: { giant: { space: 'undeployed', startingCards: [6], health: 2 } } }, /cannot have been hurt: its health is 3/],
    ['a character of a team not in the game', { characters: { gronk: { space: 6, health: 3 } } }, /gronk is not on any team in this game/],
    ['health above the printed health', { characters: { kai: { space: 6, health: 4 } } }, /Kai: health must be 1–3/],
    ['health on a dead character', { characters: { kai: { space: 'dead', health: 2 } } }, /Kai is dead, so it has no health left/],
    ['warp cubes on a character without warp-spasm', { characters: { dredd: { space: 6, warpCubes: 1 } } }, /Judge Dredd cannot have warp cubes/],
    ['Sláine with as many warp cubes as health', { characters: { slaine: { space: 6, health: 2, warpCubes: 2 } } }, /he would already be Warp-Sláine/],
    ['Warp-Sláine waiting undeployed', { characters: { slaine: { space: 'undeployed', startingCards: [6], form: 'warp-slaine' } } }, /changes form only in play/],
    ['a form that is not the character’s', { characters: { dredd: { space: 6, form: 'warp-slaine' } } }, /Judge Dredd can only be in play as Judge Dredd, not as warp-slaine/],
    ['a card of another team’s deck', { seats: [{ hand: ['slaine-01'] }] }, /Seat 0: slaine-01 is not in the deck of The Judges/],
    ['a card in hand and in the deck', { seats: [{ hand: ['judges-01'], deck: ['judges-01'] }] }, /Seat 0: a card is named twice/],
    ['more seats than the game', { seats: [{}, {}, {}] }, /describes 3 seats, but the game has 2/],
    ['an active seat that is not in the game', { activeSeat: 2 }, /There is no seat 2/],
    [
      'an active seat with nobody in play',
      { characters: Object.fromEntries(['dredd', 'giant', 'anderson', 'hershey', 'mean-machine'].map((c) => [c, { space: 'dead' }])), activeSeat: 0 },
      /The active seat has no character in play/,
    ],
    [
      'a game already won by elimination',
      { characters: Object.fromEntries(['dredd', 'giant', 'anderson', 'hershey', 'mean-machine'].map((c) => [c, { space: 'dead' }])), activeSeat: 1 },
      /Seat 0 has no character in play and seat 1 leads the remaining seats with 0 points: the game would be over/,
    ],
  ];
  it.each(cases)('is refused: %s', async (_what, scenario, sentence) => {
    const me = await registerPlayer(t.app);
    const before = await gamesCount();
    const res = await create(me, { ...TWO_SEATS, scenario });
    expect(res.status, res.text).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('INVALID_SCENARIO');
    expect(res.body.detail).toMatch(sentence);
    expect(await gamesCount()).toBe(before);
  });
});
