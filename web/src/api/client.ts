// The one way the web client reaches the service: an openapi-fetch client typed by the OpenAPI
// document (generated/api.ts, made by scripts/build-web.ts), so an API change that breaks the
// client breaks the type-check. It uses only what any third-party client may: the public API.

import createClient from 'openapi-fetch';
import type { components, paths } from '../generated/api.ts';
import { session } from '../session.ts';
import { problemSentence } from './problem-sentences.ts';

export type Schemas = components['schemas'];
export type FeedEvent = Schemas['FeedEvent'];
export type Problem = Schemas['Problem'];
// Every game's shapes are unions over the registered games in the document; each game's own
// (its view, command, content, maps) are named in its folder, web/src/games/<game>/.
/** A game of any registered module, as `GET /v1/games/{id}` answers it: switch on `game`. */
export type AnyGame = Schemas['GameResource'];
export type AnyCommand = Schemas['Command'];
/** The body of `POST /v1/games`: one schema per game. */
export type NewGame = paths['/v1/games']['post']['requestBody']['content']['application/json'];
/** A game module's id, as `POST /v1/games` names it in `game`. */
export type GameId = AnyGame['game'];

export const api = createClient<paths>({ baseUrl: globalThis.location?.origin ?? '' });

api.use({
  onRequest({ request }) {
    const token = session.current()?.token;
    if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
  async onResponse({ response }) {
    // A session that ended (expired, logged out elsewhere): forget it, so the pages ask to log in.
    if (response.status === 401 && session.current()) session.clear();
    return response;
  },
});

/** The sentence to show for a refusal, in a player's words (problem-sentences.ts). */
export const problemText = problemSentence;
