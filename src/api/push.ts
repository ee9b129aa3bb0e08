// Web Push (`/v1/push/key`, `/v1/me/push-subscriptions`, `/v1/me/push-settings`): the service's
// VAPID public key, each device's subscription, and the account's push mute.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import type { VapidKeyring } from '../delivery/push/keys.ts';
import type { PushSettingsBook } from '../notify/push/settings.ts';
import type { PushSubscriptionBody, PushSubscriptions } from '../notify/push/subscriptions.ts';
import { run } from './games.ts';
import { ProblemError } from './problems.ts';
import { bearerOnly, json, problems } from './schemas.ts';

export const pushSchemas = [
  {
    $id: 'PushKey',
    type: 'object',
    required: ['publicKey'],
    properties: {
      publicKey: {
        type: 'string',
        description: 'The VAPID public key (RFC 8292): an uncompressed P-256 point, base64url. Pass it as `applicationServerKey` to `PushManager.subscribe`.',
      },
    },
  },
  {
    $id: 'PushSubscription',
    type: 'object',
    description: 'One device subscribed to push (its keys are not shown again).',
    required: ['id', 'endpoint', 'createdAt'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      endpoint: { type: 'string', description: 'The push service’s URL for the device.' },
      createdAt: { type: 'string', format: 'date-time' },
    },
  },
  {
    $id: 'PushSubscriptionList',
    type: 'object',
    required: ['subscriptions'],
    properties: { subscriptions: { type: 'array', items: { $ref: 'PushSubscription#' } } },
  },
  {
    $id: 'PushSettings',
    type: 'object',
    required: ['muted'],
    properties: { muted: { type: 'boolean', description: 'No push to any of your devices (they stay subscribed).' } },
  },
] as const;

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', description: 'The subscription id.' } } } as const;
const base64url = (description: string) => ({ type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+={0,2}$', description }) as const;
const endpointRefused =
  'The endpoint is refused: `PUSH_ENDPOINT_INVALID`, `PUSH_ENDPOINT_NOT_HTTPS`, `PUSH_ENDPOINT_CREDENTIALS`, `PUSH_ENDPOINT_PRIVATE` (loopback, private, link-local), `PUSH_ENDPOINT_PORT_NOT_ALLOWED` or `PUSH_ENDPOINT_UNRESOLVABLE`.';

export const pushRoutes = fp(routes, { name: 'push-routes', dependencies: ['problems', 'auth'], encapsulate: true });

interface PushRouteOptions {
  keys: VapidKeyring;
  subscriptions: PushSubscriptions;
  settings: PushSettingsBook;
}

async function routes(app: FastifyInstance, { keys, subscriptions, settings }: PushRouteOptions): Promise<void> {
  for (const schema of pushSchemas) app.addSchema(schema);

  app.get(
    '/v1/push/key',
    {
      schema: {
        operationId: 'getPushKey',
        tags: ['push'],
        summary: 'The VAPID public key to subscribe with',
        description: 'Made once by the service and never changed: a client may cache it.',
        security: [{}],
        response: { 200: json('The public key.', 'PushKey#', { 'cache-control': { type: 'string' } }), ...problems({ 429: true }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { publicKey: await keys.publicKey() };
    },
  );

  app.post<{ Body: PushSubscriptionBody }>(
    '/v1/me/push-subscriptions',
    {
      schema: {
        operationId: 'createPushSubscription',
        tags: ['push'],
        summary: 'Subscribe this device to push',
        description:
          'The body is the browser’s `PushSubscription` as JSON (`subscription.toJSON()`), made with the key from `GET /v1/push/key`. From then on this device is pushed what would be emailed to you — your move, a defence, a deadline near (if you asked for reminders), a game’s end — unless you mute push. Subscribing the same endpoint again replaces its keys; an endpoint another account subscribed becomes yours.',
        security: bearerOnly,
        body: {
          type: 'object',
          required: ['endpoint', 'keys'],
          propertyNames: { enum: ['endpoint', 'expirationTime', 'keys'] },
          properties: {
            endpoint: { type: 'string', minLength: 1, maxLength: 2048, description: 'The push service’s https URL for this device.' },
            expirationTime: { type: ['number', 'null'], description: 'As the browser gives it; not used.' },
            keys: {
              type: 'object',
              required: ['p256dh', 'auth'],
              propertyNames: { enum: ['p256dh', 'auth'] },
              properties: { p256dh: base64url('The device’s P-256 public key (65 bytes).'), auth: base64url('The device’s authentication secret (16 bytes).') },
            },
          },
          examples: [
            {
              endpoint: 'https://push.example.net/send/abc123',
              expirationTime: null,
              keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
            },
          ],
        },
        response: {
          201: json('The subscription.', 'PushSubscription#'),
          ...problems({ 400: 'Malformed, or keys that are not a P-256 key and a 16-byte secret (`PUSH_KEYS_INVALID`).', 401: true, 422: endpointRefused, 429: 'Too many requests, or too many devices (`PUSH_SUBSCRIPTION_LIMIT_REACHED`).' }),
        },
      },
    },
    async (request, reply) => {
      const saved = await run(() => subscriptions.save(requireCaller(request).accountId, request.body));
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/v1/me/push-subscriptions',
    {
      schema: {
        operationId: 'listPushSubscriptions',
        tags: ['push'],
        summary: 'Your devices subscribed to push',
        security: bearerOnly,
        response: { 200: json('Oldest first.', 'PushSubscriptionList#'), ...problems({ 401: true, 429: true }) },
      },
    },
    async (request) => ({ subscriptions: await run(() => subscriptions.list(requireCaller(request).accountId)) }),
  );

  app.delete<{ Params: { id: string } }>(
    '/v1/me/push-subscriptions/:id',
    {
      schema: {
        operationId: 'deletePushSubscription',
        tags: ['push'],
        summary: 'Unsubscribe a device',
        security: bearerOnly,
        params: idParams,
        response: { 204: { description: 'Deleted.', type: 'null' }, ...problems({ 401: true, 404: 'You have no such subscription (`PUSH_SUBSCRIPTION_NOT_FOUND`).', 429: true }) },
      },
    },
    async (request, reply) => {
      await run(() => subscriptions.remove(requireCaller(request).accountId, request.params.id));
      return reply.code(204).send();
    },
  );

  const settingsOf = async (accountId: string) => {
    const found = await settings.read(accountId);
    if (!found) throw new ProblemError(404, 'NOT_FOUND', 'Your account no longer exists.');
    return found;
  };

  app.get(
    '/v1/me/push-settings',
    {
      schema: {
        operationId: 'getPushSettings',
        tags: ['push'],
        summary: 'Your push mute',
        security: bearerOnly,
        response: { 200: json('Your push settings.', 'PushSettings#'), ...problems({ 401: true, 404: true, 429: true }) },
      },
    },
    async (request) => settingsOf(requireCaller(request).accountId),
  );

  app.put<{ Body: { muted: boolean } }>(
    '/v1/me/push-settings',
    {
      schema: {
        operationId: 'updatePushSettings',
        tags: ['push'],
        summary: 'Mute or unmute push',
        description: 'Muted, no device of yours is pushed anything, pushes already queued included; email and webhooks go on as they are set.',
        security: bearerOnly,
        body: { type: 'object', required: ['muted'], propertyNames: { enum: ['muted'] }, properties: { muted: { type: 'boolean' } }, examples: [{ muted: true }] },
        response: { 200: json('Your push settings.', 'PushSettings#'), ...problems({ 400: true, 401: true, 404: true, 429: true }) },
      },
    },
    async (request) => {
      const accountId = requireCaller(request).accountId;
      await settings.update(accountId, request.body);
      return settingsOf(accountId);
    },
  );
}
