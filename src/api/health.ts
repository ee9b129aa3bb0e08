// Operations: liveness and readiness, for process managers and load balancers.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Readiness } from '../db/database.ts';
import { ProblemError, problemResponses } from './problems.ts';

export interface HealthOptions {
  readiness: () => Promise<Readiness>;
}

export const healthRoutes = fp(routes, { name: 'health-routes', dependencies: ['problems'], encapsulate: true });

async function routes(app: FastifyInstance, { readiness }: HealthOptions): Promise<void> {
  app.get(
    '/healthz',
    {
      // Probes arrive every few seconds; log them only when something is wrong.
      logLevel: 'warn',
      schema: {
        operationId: 'getHealth',
        tags: ['operations'],
        summary: 'Liveness: the process is up',
        description: 'Answers 200 while the process runs, whatever the state of the database.',
        response: {
          200: {
            description: 'The process is up.',
            type: 'object',
            required: ['status'],
            properties: { status: { type: 'string', enum: ['ok'] } },
          },
          // Like every route: a token that is sent must be valid, even here.
          ...problemResponses(401),
        },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: {
        operationId: 'getReadiness',
        tags: ['operations'],
        summary: 'Readiness: the database answers and its schema is up to date',
        description: 'Answers 503 `NOT_READY` while the database is unreachable or migrations are pending.',
        response: {
          200: {
            description: 'Ready to serve.',
            type: 'object',
            required: ['status', 'migrations'],
            properties: {
              status: { type: 'string', enum: ['ready'] },
              migrations: { type: 'integer', description: 'Migrations applied.' },
            },
          },
          ...problemResponses(401, 503),
        },
      },
    },
    async (request) => {
      const result = await readiness();
      if (!result.ready) {
        request.log.warn({ reason: result.reason, cause: result.cause }, 'not ready');
        throw new ProblemError(503, 'NOT_READY', `Not ready: ${result.reason}.`);
      }
      return { status: 'ready' as const, migrations: result.appliedMigrations };
    },
  );
}
