// Your preferences: the standing orders your seats start each game with, and your time zone.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import type { GameService } from '../service/index.ts';
import type { PreferencesChange } from '../service/preferences.ts';
import { run } from './games.ts';
import { addGameSchemas, bearerOnly, json, mergedStandingOrders, problems, type GameRegistry } from './schemas.ts';

const timeZone = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  description: 'An IANA time zone, e.g. `Europe/London`: deadlines are shown to you on this clock. `UTC` until you choose one.',
} as const;

const preferencesSchema = {
  $id: 'Preferences',
  type: 'object',
  required: ['orders', 'timeZone'],
  properties: {
    orders: { $ref: 'StandingOrders#', description: 'The standing orders each of your seats gets when a game starts; change a seat’s own with `PUT /v1/games/{id}/seats/{seat}/orders`.' },
    timeZone,
  },
} as const;

/** The body of PUT /v1/me/preferences: any of the registered games' order settings. */
const preferencesChange = (registry: GameRegistry) => ({
  type: 'object',
  description: 'What to change; everything you leave out (each order too) stays as it is.',
  // Not `additionalProperties: false`, which the validator answers by silently dropping the field.
  propertyNames: { enum: ['orders', 'timeZone'] },
  minProperties: 1,
  properties: {
    orders: {
      type: 'object',
      propertyNames: { enum: Object.keys(mergedStandingOrders(registry).properties) },
      minProperties: 1,
      properties: mergedStandingOrders(registry).properties,
    },
    timeZone,
  },
  examples: [...[...registry.values()].flatMap((module) => (module.standingOrders?.examples ?? []).slice(0, 1).map((orders) => ({ orders }))), { timeZone: 'Europe/London' }],
});

export const preferenceRoutes = fp(routes, { name: 'preference-routes', dependencies: ['problems', 'auth'], encapsulate: true });

async function routes(app: FastifyInstance, { service }: { service: GameService }): Promise<void> {
  addGameSchemas(app, service.registry);
  app.addSchema(preferencesSchema);

  app.get(
    '/v1/me/preferences',
    {
      schema: {
        operationId: 'getPreferences',
        tags: ['accounts'],
        summary: 'Your preferences',
        description: 'The standing orders your seats start every game with, and your time zone.',
        security: bearerOnly,
        response: { 200: json('Your preferences.', 'Preferences#'), ...problems({ 401: true, 429: true }) },
      },
    },
    async (request) => run(() => service.preferences.get(requireCaller(request).accountId)),
  );

  app.put<{ Body: PreferencesChange }>(
    '/v1/me/preferences',
    {
      schema: {
        operationId: 'updatePreferences',
        tags: ['accounts'],
        summary: 'Change your preferences',
        description:
          'Merges the change into your preferences. Preferred standing orders apply to games that start from now on (each seat of yours gets them when its game starts); games already running keep their seats’ orders.',
        security: bearerOnly,
        body: preferencesChange(service.registry),
        response: {
          200: json('Your preferences after the change.', 'Preferences#'),
          ...problems({
            400: 'The body is malformed (`VALIDATION_FAILED`), or `timeZone` is not an IANA time zone (`INVALID_TIME_ZONE`).',
            401: true,
            429: true,
          }),
        },
      },
    },
    async (request) => run(() => service.preferences.update(requireCaller(request).accountId, request.body)),
  );
}
