// Your vacation: pause your clocks for whole days, within a yearly allowance.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import type { GameService } from '../service/index.ts';
import { run } from './games.ts';
import { bearerOnly, json, problems } from './schemas.ts';

const vacationSchema = {
  $id: 'Vacation',
  type: 'object',
  required: ['until', 'daysUsed', 'daysAllowed', 'year'],
  properties: {
    until: { type: ['string', 'null'], format: 'date-time', description: 'When your vacation ends; null when you are not away.' },
    daysUsed: { type: 'integer', minimum: 0, description: 'Vacation days taken this year.' },
    daysAllowed: { type: 'integer', minimum: 0, description: 'Vacation days allowed per year.' },
    year: { type: 'integer', description: 'The calendar year (UTC) the days count in; the allowance starts afresh each year.' },
  },
} as const;

export const vacationRoutes = fp(routes, { name: 'vacation-routes', dependencies: ['problems', 'auth'], encapsulate: true });

async function routes(app: FastifyInstance, { service }: { service: GameService }): Promise<void> {
  app.addSchema(vacationSchema);

  app.get(
    '/v1/me/vacation',
    {
      schema: {
        operationId: 'getVacation',
        tags: ['accounts'],
        summary: 'Your vacation',
        description: 'Whether you are away, until when, and how many of this year’s vacation days you have used.',
        security: bearerOnly,
        response: { 200: json('Your vacation.', 'Vacation#'), ...problems({ 401: true, 429: true }) },
      },
    },
    async (request) => run(() => service.vacations.status(requireCaller(request).accountId)),
  );

  app.post<{ Body: { days: number } }>(
    '/v1/me/vacation',
    {
      schema: {
        operationId: 'startVacation',
        tags: ['accounts'],
        summary: 'Go on vacation',
        description:
          'Pauses your clocks for `days` whole days from now, or extends the vacation you are on by `days`. Every deadline your seats are awaited with now moves later by those days (the window waits for you), and every deadline set for your seats while you are away starts when the vacation ends. The days count against this year’s allowance.',
        security: bearerOnly,
        body: {
          type: 'object',
          required: ['days'],
          // Not `additionalProperties: false`, which the validator answers by silently dropping the field.
          propertyNames: { enum: ['days'] },
          properties: { days: { type: 'integer', minimum: 1, maximum: 366, description: 'Whole days.' } },
          examples: [{ days: 7 }],
        },
        response: {
          200: json('Your vacation, begun or extended.', 'Vacation#'),
          ...problems({
            400: true,
            401: true,
            422: 'More days than this year’s allowance leaves you (`VACATION_ALLOWANCE_EXCEEDED`, with `daysLeft`).',
            429: true,
          }),
        },
      },
    },
    async (request) => run(() => service.vacations.start(requireCaller(request).accountId, request.body.days)),
  );

  app.delete(
    '/v1/me/vacation',
    {
      schema: {
        operationId: 'endVacation',
        tags: ['accounts'],
        summary: 'End your vacation now',
        description:
          'Ends your vacation early: the whole days not yet begun go back to this year’s allowance. Deadlines that were already moved for the vacation stay where they are (nobody’s clock is shortened after the fact); deadlines set from now on run from now. Without a vacation in progress, changes nothing.',
        security: bearerOnly,
        response: { 200: json('Your vacation, ended.', 'Vacation#'), ...problems({ 401: true, 429: true }) },
      },
    },
    async (request) => run(() => service.vacations.end(requireCaller(request).accountId)),
  );
}
