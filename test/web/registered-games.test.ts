// The lobby offers the games the service says it plays (web/src/api/registered-games.ts): no
// route lists them, so the client reads the `game` values of `POST /v1/games` from the OpenAPI
// document the service serves. Checked against a real app that plays a fourth, test-only game
// (odds-and-evens, given as `extraGames`): the served document names it, so a game registered on
// the server reaches the lobby with no edit to the page, and only where the web registry draws it.

import { describe, expect, it } from 'vitest';
import { gamesOfDocument } from '../../web/src/api/registered-games.ts';
import { useTestApp } from '../support/app.ts';
import { oddsAndEvens } from '../support/games/odds-and-evens/index.ts';
import { webRegistry } from '../support/web-registry.ts';

const t = useTestApp(() => ({ extraGames: [oddsAndEvens] }));

describe('the games the lobby offers', () => {
  it('are the games the served OpenAPI document names for POST /v1/games, an injected game too, in the registry order', async () => {
    const response = await fetch(`${t.base}/openapi.json`);
    expect(response.status).toBe(200);
    expect(gamesOfDocument(await response.json())).toEqual(['helter-skelter', 'block-war', 'miniatures', 'odds-and-evens']);
  });

  it('are those of the web registry among them: a game this client cannot draw is not offered', async () => {
    const response = await fetch(`${t.base}/openapi.json`);
    const registry = await webRegistry();
    expect(gamesOfDocument(await response.json()).filter((id) => registry.has(id))).toEqual(['helter-skelter', 'block-war', 'miniatures']);
  });

  it('are none for a document that does not describe game creation', () => {
    expect(gamesOfDocument(null)).toEqual([]);
    expect(gamesOfDocument({ paths: {} })).toEqual([]);
    expect(gamesOfDocument({ paths: { '/v1/games': { post: { requestBody: { content: { 'application/json': { schema: { discriminator: { propertyName: 'kind', mapping: { x: '#/x' } } } } } } } } } })).toEqual([]);
  });
});
