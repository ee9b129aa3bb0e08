// Webhook subscriptions (`/v1/webhooks`): per user (every game where you hold a seat) or per game
// (one subscription for a group's channel), their secrets and their delivery log.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import { WEBHOOK_FORMATS, type WebhookFormat } from '../notify/webhooks/formats.ts';
import { DEFAULT_REMINDER_MINUTES, REMINDER_MINUTES } from '../notify/webhooks/reminders.ts';
import type { WebhookSubscriptions } from '../notify/webhooks/subscriptions.ts';
import { run } from './games.ts';
import { bearerOnly, json, problems } from './schemas.ts';

const subscriptionProperties = {
  id: { type: 'string', format: 'uuid' },
  url: { type: 'string', description: 'Where deliveries are POSTed.' },
  format: { type: 'string', enum: [...WEBHOOK_FORMATS], description: '`json` (our payload), or a body Discord’s or Slack’s incoming webhooks accept as it is.' },
  gameId: { type: ['string', 'null'], format: 'uuid', description: 'The game whose every event is sent (once, not once per player); null: every game where you hold a seat.' },
  enabled: { type: 'boolean', description: 'False once switched off for failing; `POST /v1/webhooks/{id}/enable` switches it on again.' },
  disabledReason: { type: ['string', 'null'] },
  consecutiveFailures: { type: 'integer', minimum: 0, description: 'Failed attempts since the last success.' },
  reminderMinutes: {
    type: ['integer', 'null'],
    minimum: REMINDER_MINUTES.min,
    maximum: REMINDER_MINUTES.max,
    description: 'How many minutes before a seat’s deadline a `deadline.near` reminder is sent, if the seat has not acted by then; null: no reminders.',
  },
  previousSecretExpiresAt: { type: ['string', 'null'], format: 'date-time', description: 'During a rotation: when the previous secret stops signing.' },
  createdAt: { type: 'string', format: 'date-time' },
} as const;
const subscriptionRequired = ['id', 'url', 'format', 'gameId', 'enabled', 'disabledReason', 'consecutiveFailures', 'reminderMinutes', 'previousSecretExpiresAt', 'createdAt'];

export const webhookSchemas = [
  {
    $id: 'WebhookSubscription',
    type: 'object',
    description: 'A webhook subscription. Its secret is shown only when created or rotated.',
    required: subscriptionRequired,
    properties: subscriptionProperties,
  },
  {
    $id: 'WebhookSubscriptionWithSecret',
    type: 'object',
    description:
      'A subscription and its signing secret (`whsec_…`), shown this once. Deliveries are signed per the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`): verify them with any Standard Webhooks library and this secret.',
    required: [...subscriptionRequired, 'secret'],
    properties: { ...subscriptionProperties, secret: { type: 'string', description: 'The signing secret, `whsec_` and base64.' } },
  },
  {
    $id: 'WebhookSubscriptionList',
    type: 'object',
    required: ['webhooks'],
    properties: { webhooks: { type: 'array', items: { $ref: 'WebhookSubscription#' } } },
  },
  {
    $id: 'WebhookDeliveryList',
    type: 'object',
    required: ['deliveries'],
    properties: {
      deliveries: {
        type: 'array',
        description: 'Newest first.',
        items: {
          type: 'object',
          required: ['id', 'notificationId', 'eventType', 'status', 'createdAt', 'deliveredAt', 'attempts'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            notificationId: { type: 'string', description: 'Sent as `webhook-id`: the same on every attempt.' },
            eventType: { type: 'string', enum: ['seat.awaited', 'deadline.near', 'game.ended'] },
            status: { type: 'string', enum: ['pending', 'delivered', 'failed'], description: '`pending` while attempts remain; `failed` once retries (up to a day) ran out.' },
            createdAt: { type: 'string', format: 'date-time' },
            deliveredAt: { type: ['string', 'null'], format: 'date-time' },
            attempts: {
              type: 'array',
              items: {
                type: 'object',
                required: ['at', 'status', 'latencyMs', 'error', 'responsePrefix'],
                properties: {
                  at: { type: 'string', format: 'date-time' },
                  status: { type: ['integer', 'null'], description: 'The receiver’s HTTP status; null when none arrived.' },
                  latencyMs: { type: 'integer', minimum: 0 },
                  error: { type: ['string', 'null'] },
                  responsePrefix: { type: 'string', description: 'The first 512 bytes of the answer.' },
                },
              },
            },
          },
        },
      },
    },
  },
] as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'The subscription id.' } },
} as const;

const notFound = 'You have no such webhook (`WEBHOOK_NOT_FOUND`).';
const reminderMinutes = {
  type: ['integer', 'null'],
  minimum: REMINDER_MINUTES.min,
  maximum: REMINDER_MINUTES.max,
  description: `Minutes before a deadline to remind, ${REMINDER_MINUTES.min} to ${REMINDER_MINUTES.max} (a week); null: no reminders. None is sent for a deadline nearer than this when the seat is asked.`,
} as const;
const urlRefused =
  'The URL is refused: `WEBHOOK_URL_INVALID`, `WEBHOOK_URL_NOT_HTTPS`, `WEBHOOK_URL_CREDENTIALS`, `WEBHOOK_URL_PRIVATE` (loopback, private, link-local) or `WEBHOOK_URL_UNRESOLVABLE`.';

export const webhookRoutes = fp(routes, { name: 'webhook-routes', dependencies: ['problems', 'auth'], encapsulate: true });

async function routes(app: FastifyInstance, { subscriptions }: { subscriptions: WebhookSubscriptions }): Promise<void> {
  for (const schema of webhookSchemas) app.addSchema(schema);

  app.post<{ Body: { url: string; format?: WebhookFormat; gameId?: string; reminderMinutes?: number | null } }>(
    '/v1/webhooks',
    {
      schema: {
        operationId: 'createWebhook',
        tags: ['webhooks'],
        summary: 'Subscribe a URL to notifications',
        description:
          'Without `gameId`: you are told whenever one of your seats can act (its turn, a defence, an interrupt it may claim, a set-up choice) and when your games end. With `gameId` (a game you are seated in): every such event of that game, once — point a group’s Discord or Slack channel at it. Unless `reminderMinutes` is null, a `deadline.near` reminder follows that long before a deadline the seat has not acted on (a per-game subscription: for each seat). The answer shows the signing secret once.',
        security: bearerOnly,
        body: {
          type: 'object',
          required: ['url'],
          propertyNames: { enum: ['url', 'format', 'gameId', 'reminderMinutes'] },
          properties: {
            url: { type: 'string', minLength: 1, maxLength: 2048, description: 'An https URL on a public address.' },
            format: { type: 'string', enum: [...WEBHOOK_FORMATS], default: 'json' },
            gameId: { type: 'string', format: 'uuid' },
            reminderMinutes: { ...reminderMinutes, default: DEFAULT_REMINDER_MINUTES },
          },
          examples: [{ url: 'https://discord.com/api/webhooks/123/abc', format: 'discord', gameId: '7d1c3a52-1f4e-4a43-9a53-2f7f0c1e9b10', reminderMinutes: 120 }],
        },
        response: {
          201: json('The subscription, with its secret (shown this once).', 'WebhookSubscriptionWithSecret#'),
          ...problems({
            400: true,
            401: true,
            403: 'You are not seated in that game (`NOT_SEATED`).',
            404: 'There is no such game (`NOT_FOUND`).',
            422: urlRefused,
            429: true,
          }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const created = await run(() => subscriptions.create(caller.accountId, request.body));
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/v1/webhooks',
    {
      schema: {
        operationId: 'listWebhooks',
        tags: ['webhooks'],
        summary: 'Your webhook subscriptions',
        security: bearerOnly,
        response: { 200: json('Your subscriptions, oldest first, without secrets.', 'WebhookSubscriptionList#'), ...problems({ 401: true, 429: true }) },
      },
    },
    async (request) => ({ webhooks: await run(() => subscriptions.list(requireCaller(request).accountId)) }),
  );

  app.get<{ Params: { id: string } }>(
    '/v1/webhooks/:id',
    {
      schema: {
        operationId: 'getWebhook',
        tags: ['webhooks'],
        summary: 'One of your webhook subscriptions',
        security: bearerOnly,
        params: idParams,
        response: { 200: json('The subscription, without its secret.', 'WebhookSubscription#'), ...problems({ 401: true, 404: notFound, 429: true }) },
      },
    },
    async (request) => run(() => subscriptions.get(requireCaller(request).accountId, request.params.id)),
  );

  app.delete<{ Params: { id: string } }>(
    '/v1/webhooks/:id',
    {
      schema: {
        operationId: 'deleteWebhook',
        tags: ['webhooks'],
        summary: 'Unsubscribe',
        description: 'Deletes the subscription and its delivery log; deliveries not yet made are dropped.',
        security: bearerOnly,
        params: idParams,
        response: { 204: { description: 'Deleted.', type: 'null' }, ...problems({ 401: true, 404: notFound, 429: true }) },
      },
    },
    async (request, reply) => {
      await run(() => subscriptions.remove(requireCaller(request).accountId, request.params.id));
      return reply.code(204).send();
    },
  );

  app.patch<{ Params: { id: string }; Body: { format?: WebhookFormat; reminderMinutes?: number | null } }>(
    '/v1/webhooks/:id',
    {
      schema: {
        operationId: 'updateWebhook',
        tags: ['webhooks'],
        summary: 'Change a subscription’s format or reminders',
        description:
          'Sets `format` and/or `reminderMinutes`; what the body leaves out stays. Reminders already queued are sent at their time, unless `reminderMinutes` is now null. The URL and the game cannot change: subscribe anew instead.',
        security: bearerOnly,
        params: idParams,
        body: {
          type: 'object',
          minProperties: 1,
          propertyNames: { enum: ['format', 'reminderMinutes'] },
          properties: { format: { type: 'string', enum: [...WEBHOOK_FORMATS] }, reminderMinutes },
          examples: [{ reminderMinutes: 120 }, { format: 'slack', reminderMinutes: null }],
        },
        response: { 200: json('The subscription, changed.', 'WebhookSubscription#'), ...problems({ 400: true, 401: true, 404: notFound, 429: true }) },
      },
    },
    async (request) => run(() => subscriptions.update(requireCaller(request).accountId, request.params.id, request.body)),
  );

  app.post<{ Params: { id: string } }>(
    '/v1/webhooks/:id/rotate',
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        tags: ['webhooks'],
        summary: 'A new signing secret',
        description:
          'Issues a new secret, shown this once. For 24 hours deliveries carry two signatures, with the new and the previous secret, so a receiver keeps verifying while it switches.',
        security: bearerOnly,
        params: idParams,
        response: { 200: json('The subscription and its new secret.', 'WebhookSubscriptionWithSecret#'), ...problems({ 401: true, 404: notFound, 429: true }) },
      },
    },
    async (request) => run(() => subscriptions.rotate(requireCaller(request).accountId, request.params.id)),
  );

  app.post<{ Params: { id: string } }>(
    '/v1/webhooks/:id/enable',
    {
      schema: {
        operationId: 'enableWebhook',
        tags: ['webhooks'],
        summary: 'Switch a disabled subscription on again',
        description: 'A subscription that kept failing for a day is switched off. Once the receiver is fixed, this switches it on, with its failure count reset; the URL is checked again.',
        security: bearerOnly,
        params: idParams,
        response: { 200: json('The subscription, enabled.', 'WebhookSubscription#'), ...problems({ 401: true, 404: notFound, 422: urlRefused, 429: true }) },
      },
    },
    async (request) => run(() => subscriptions.enable(requireCaller(request).accountId, request.params.id)),
  );

  app.get<{ Params: { id: string }; Querystring: { limit: number } }>(
    '/v1/webhooks/:id/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: ['webhooks'],
        summary: 'The delivery log',
        description: 'Each delivery, newest first, with every attempt: when, the status code the receiver answered, the latency, the error and the first bytes of the answer.',
        security: bearerOnly,
        params: idParams,
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 200, default: 50, description: 'Deliveries at most.' } },
        },
        response: { 200: json('The deliveries, newest first.', 'WebhookDeliveryList#'), ...problems({ 400: true, 401: true, 404: notFound, 429: true }) },
      },
    },
    async (request) => ({
      deliveries: await run(() => subscriptions.deliveries(requireCaller(request).accountId, request.params.id, request.query.limit)),
    }),
  );
}
