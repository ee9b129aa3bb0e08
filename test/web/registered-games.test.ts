// The lobby offers the games the service says it plays (web/src/api/registered-games.ts reads
// `GET /v1/catalog`). Checked against a real app that plays a fourth, test-only game
// (odds-and-evens, given as `extraGames`): the catalog names it, so a game registered on the
// server reaches the lobby with no edit to the page, and only where the web registry draws it.

import { describe, expect, it } from 'vitest';
import { gamesOfCatalog } from '../../web/src/api/registered-games.ts';
import { useTestApp } from '../support/app.ts';
import { oddsAndEvens } from '../support/games/odds-and-evens/index.ts';
import { webRegistry } from '../support/web-registry.ts';

const t = useTestApp(() => ({ extraGames: [oddsAndEvens] }));

describe('the games the lobby offers', () => {
  it('are the games the catalog names, an injected game too, in the registry order, with their titles; the catalog is cacheable', async () => {
    const response = await fetch(`${t.base}/v1/catalog`);
    expect(response.status).toBe(200);
    const catalog = (await response.json()) as { games: { game: string; title: string }[] };
    expect(gamesOfCatalog(catalog)).toEqual(['helter-skelter', 'block-war', 'miniatures', 'odds-and-evens']);
    expect(catalog.games.at(-1)).toEqual({ game: 'odds-and-evens', title: 'Odds and Evens' });
    const again = await fetch(`${t.base}/v1/catalog`, { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('are those of the web registry among them: a game this client cannot draw is not offered', async () => {
    const response = await fetch(`${t.base}/v1/catalog`);
    const registry = await webRegistry();
    expect(gamesOfCatalog(await response.json()).filter((id) => registry.has(id))).toEqual(['helter-skelter', 'block-war', 'miniatures']);
  });

  it('are none for an answer that is not a catalog', () => {
    expect(gamesOfCatalog(null)).toEqual([]);
    expect(gamesOfCatalog({ paths: {} })).toEqual([]);
    expect(gamesOfCatalog({ games: [{ game: 7 }, { title: 'x' }, { game: 'block-war' }] })).toEqual(['block-war']);
  });
});
