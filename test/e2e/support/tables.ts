// Tables arranged through the API for the phone tests (tap targets, the confirm step): one per
// game page, each at a moment with something to tap, for an account signed in through the page.

import { callApi } from './api.ts';

interface Content {
  cards: { id: string; team: string; action: string; linkedTo: string | null }[];
}

/** A Helter Skelter duel: Dredd (seat 0, the caller's, to act) with MELEE cards, Sláine on his space, held by another account. */
export async function helterSkelterDuel(base: string, token: string): Promise<string> {
  const api = <T>(method: string, path: string, as: string | null, body?: unknown) => callApi<T>(base, method, path, as, body);
  const handle = `other${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const { token: other } = await api<{ token: string }>('POST', '/v1/accounts', null, { handle, email: `${handle}@example.com`, password: 'correct horse battery staple' });
  const content = await api<Content>('GET', '/v1/games/helter-skelter/content', null);
  const hand = (team: string) => content.cards.filter((card) => card.team === team && card.action === 'MELEE' && (card.linkedTo === null || card.linkedTo === 'dredd' || card.linkedTo === 'slaine')).slice(0, 4).map((card) => card.id);
  const dead = { space: 'dead' };
  const game = await api<{ id: string }>('POST', '/v1/games', token, {
    game: 'helter-skelter',
    options: {
      map: 'dan-tanna-enid-blyton',
      clock: { turn: 600, defence: 600, interrupt: 600 },
      seats: [{ team: 'judges' }, { team: 'slaine' }],
      scenario: {
        seats: [{ hand: hand('judges') }, { hand: hand('slaine') }],
        characters: { dredd: { space: 7 }, giant: { space: 12 }, anderson: dead, hershey: dead, 'mean-machine': dead, slaine: { space: 7 }, ukko: dead, niamh: dead, kai: dead },
        activeSeat: 0,
      },
    },
  });
  await api('POST', `/v1/games/${game.id}/seats/0/claim`, token);
  await api('POST', `/v1/games/${game.id}/seats/1/claim`, other);
  return game.id;
}

/** Solo Helter Skelter against the Dark Judges: it starts at once, at its set-up prompt. */
export async function helterSkelterSolo(base: string, token: string): Promise<string> {
  const game = await callApi<{ id: string }>(base, 'POST', '/v1/games', token, { game: 'helter-skelter', seat: 0, options: { map: 'dan-tanna-enid-blyton', clock: 'daily', solo: true, seats: [{ team: 'judges' }] } });
  return game.id;
}

/** Block War against a bot block: it starts at once, with the roll for turn order. */
export async function blockWar(base: string, token: string): Promise<string> {
  const game = await callApi<{ id: string }>(base, 'POST', '/v1/games', token, { game: 'block-war', seat: 0, options: { clock: 'daily', seats: [{ block: 'Rick Whitely' }, { block: 'Ella Fitzgerald', bot: true }] } });
  return game.id;
}

/** Miniatures' The Barko Brothers against a bot, its dice fixed (miniatures.e2e.ts's seed): it starts with the roll-off. */
export async function miniatures(base: string, token: string): Promise<string> {
  const game = await callApi<{ id: string }>(base, 'POST', '/v1/games', token, { game: 'miniatures', seat: 0, options: { scenario: 'barko-brothers', clock: 'daily', seats: [{}, { bot: true }], seed: 'miniatures-e2e-1' } });
  return game.id;
}
