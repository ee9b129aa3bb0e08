// The HTTP application, assembled from one plugin per resource. The same `buildApp()` serves the
// process (src/main.ts), the tests and the OpenAPI generator (`renderOpenApiDocument()` below,
// which scripts/openapi.ts calls).
//
// The composition root: each part is built with what it needs, in the order those needs run (the
// channels' reader, the channels, the service they listen to; auth, then the routes), and nothing
// is changed once built. Plugins say what must be registered before them (fastify-plugin's
// `dependencies`: `problems`, `auth`), and Fastify refuses to start when it is not.

import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import packageJson from '../package.json' with { type: 'json' };
import pg from 'pg';
import { accountRoutes } from './api/accounts.ts';
import { accountDeletionRoutes } from './api/account-deletion.ts';
import { rematchRoutes } from './api/rematch.ts';
import { accessTokenRoutes } from './api/auth-tokens.ts';
import { commandLogRoutes } from './api/command-log.ts';
import { contentRoutes } from './api/content.ts';
import { chatRoutes } from './api/chat.ts';
import { feedRoutes } from './api/feeds.ts';
import { OpenStreams } from './api/open-streams.ts';
import { OperatorMetrics, queuedJobs, registerMetrics } from './api/metrics.ts';
import { gameRoutes } from './api/games.ts';
import { inviteRoutes } from './api/invites.ts';
import { leavingRoutes } from './api/leaving.ts';
import { healthRoutes } from './api/health.ts';
import { emailRoutes } from './api/email.ts';
import { preferenceRoutes } from './api/me-preferences.ts';
import { orderRoutes } from './api/orders.ts';
import { playerRoutes } from './api/players.ts';
import { sessionRoutes } from './api/sessions.ts';
import { passwordRoutes } from './api/passwords.ts';
import { vacationRoutes } from './api/vacation.ts';
import { webhookRoutes } from './api/webhooks.ts';
import { pushRoutes } from './api/push.ts';
import { webClientRoutes } from './api/web-client.ts';
import { withDiscriminatorMappings, withRequestExamples } from './api/schemas.ts';
import { authPlugin, createAuth, DEFAULT_AUTH_SETTINGS, rateLimitsOf, type AuthSettings } from './auth/index.ts';
import type { AuthService } from './auth/service.ts';
import { CredentialWatches } from './auth/credential-watch.ts';
import { AccountDeletion } from './service/account-deletion.ts';
import { Rematches } from './service/rematch.ts';
import { RematchOfferTable } from './store/rematch-offers.ts';
import { GameService } from './service/index.ts';
import { gameReader } from './service/game-reader.ts';
import { GameStates } from './service/game-states.ts';
import { DEFAULT_CHAT_LIMITS, TableChat, type ChatLimits } from './service/chat.ts';
import { ChatStore } from './store/chat.ts';
import { gameRegistry, gameTitles, situationWording, type AnyGameModule } from './service/registry.ts';
import { PRODUCT_NAME } from './config/product.ts';
import { registerBodyGuard } from './api/body-guard.ts';
import { clientErrorHandler, DEFAULT_CONNECTION_LIMITS, nodeServerLimits, registerUrlLimit, type ConnectionLimits } from './api/limits.ts';
import { DEFAULT_RESOURCE_LIMITS, type ResourceLimits } from './config/limits.ts';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './config/limits.ts';
import { frameworkErrorHandler, problemHandling } from './api/problems.ts';
import { PROJECT_ROOT } from './config/config.ts';
import type { Logger } from './config/logger.ts';
import type { Readiness } from './db/database.ts';
import { createPrismaClient, type PrismaClient } from './db/prisma.ts';
import type { WorkerSettings } from './jobs/worker.ts';
import { endWhenDrained, ownPool } from './db/pools.ts';
import { Deliveries } from './delivery/deliveries.ts';
import { postgresPorts } from './store/ports.ts';
import { DEFAULT_NOTIFIER_SETTINGS } from './service/notifier.ts';
import { DEFAULT_SWEEPER_SETTINGS } from './service/sweeper.ts';
import { EmailChannel } from './delivery/email/dispatch.ts';
import { EmailLinks } from './notify/email/links.ts';
import { EmailSettingsBook } from './notify/email/settings.ts';
import { WebhookSubscriptions } from './notify/webhooks/subscriptions.ts';
import { createMailer } from './delivery/email/transport.ts';
import { notificationRecords } from './store/notification-records.ts';
import { createLogger } from './config/logger.ts';
import { finiteNumbersValidator } from './api/finite-numbers.ts';
import { serializersOnFirstUse } from './api/compile-on-first-use.ts';
import { checkWebhookUrl, type WebhookUrlPolicy } from './delivery/webhooks/address-guard.ts';
import { KeySealer } from './auth/key-encryption.ts';
import { PushChannel } from './delivery/push/dispatch.ts';
import { vapidSubject, VapidKeyring } from './delivery/push/keys.ts';
import { PushSettingsBook } from './notify/push/settings.ts';
import { PushSubscriptions } from './notify/push/subscriptions.ts';
import { pushRecords } from './store/push-records.ts';

export interface AppDeps {
  /** Omit to log nothing (tests, scripts). */
  logger?: Logger;
  readiness: () => Promise<Readiness>;
  /** The database the game service uses. Omit only where no request reaches it (OpenAPI generation). */
  pool?: pg.Pool;
  /**
   * Prisma Client over `pool` (Database.prisma): accounts, tokens, preferences, webhook
   * subscriptions, email settings (docs/operations.md). Omitted, one is made over `pool` and
   * disconnected when the app closes.
   */
  prisma?: PrismaClient;
  settings?: Partial<AppSettings>;
}

export interface AppSettings extends AuthSettings, ConnectionLimits, ResourceLimits, StreamLimits {
  /** Accept `scenario` game creation (explicit positions): on in development and tests. */
  allowScenarios: boolean;
  /** List games whose creator chose the seed or the position in the public lobby (LIST_CHOSEN_GAMES; default: by link only). */
  listChosenGames: boolean;
  /** Run the job queue's worker (deadlines) in this process; null: none (tests that need no deadlines). */
  worker: WorkerSettings | null;
  /** Days a year a player may pause their clocks. */
  vacationDaysPerYear: number;
  /** Deadlines in a row that pass with nobody acting before the game is abandoned; 0: never. */
  abandonAfterSilentDeadlines: number;
  /** Deadlines in a row a seat may miss before a bot plays it until its player takes it back (ZOMBIE_AFTER_MISSED); 0: never. */
  zombieAfterMissed: number;
  /** The server's clock (tests may inject one). */
  now?: () => Date;
  /** Email notifications and verification: SMTP_URL or the outbox. Null: no email at all (the default, for tests and scripts). */
  mail?: { smtpUrl?: string; outboxDir: string; from: string } | null;
  /** Which webhook URLs are accepted: https to public addresses only, unless the operator allows more. */
  webhookPolicy: WebhookUrlPolicy;
  /** Where players reach the service, for links in notifications; no trailing slash. */
  publicUrl?: string;
  /** Multiplies webhook retry waits (1 in production; tests shrink them). */
  webhookRetryScale?: number;
  /** Multiplies how long before a deadline webhook reminders are due (1 in production; tests, on clocks of seconds, shrink it). */
  webhookReminderScale?: number;
  /** The soonest a bot answers in a game with a person in it (default 50 ms; src/service/bots.ts). */
  botMinDecisionMs?: number;
  /** Game modules played beside the registered ones (src/service/registry.ts): a test's own game. */
  extraGames?: readonly AnyGameModule[];
  /** The built web client (scripts/build-web.ts) served at `/` and its routes; null: none. */
  webClientDir?: string | null;
  /** Table chat's limits (src/service/chat.ts): message length and rate, messages per game, mutes. */
  chat?: Partial<ChatLimits>;
  /** GET /metrics is served to the bearer of this token (METRICS_TOKEN); absent: no /metrics at all. */
  metricsToken?: string | null;
}

/** The parts `buildApp` composes the app of, for tests and scripts that drive them in-process. */
export interface AppParts {
  gameService: GameService;
  /** The webhook channel and the job worker. */
  deliveries: Deliveries;
  /** Null when the app sends no email (no `mail` setting: tests that do not ask for it, OpenAPI generation). */
  emailChannel: EmailChannel | null;
  /** Accounts, tokens and signing keys. */
  auth: AuthService;
}

/** The app alone: what the process and the OpenAPI generator serve, and tests that reach it over HTTP only. */
export async function buildApp(deps: AppDeps): Promise<App> {
  return (await composeApp(deps)).app;
}

/** The app and the parts it is composed of. */
export async function composeApp(deps: AppDeps): Promise<{ app: App; parts: AppParts }> {
  const loggerInstance: FastifyBaseLogger | undefined = deps.logger;
  const settings: AppSettings = {
    allowScenarios: true,
    listChosenGames: false,
    worker: null,
    vacationDaysPerYear: 30,
    abandonAfterSilentDeadlines: 24,
    // Off unless asked for: a test that lets deadlines pass wants them to pass (the server's default is 3).
    zombieAfterMissed: 0,
    webhookPolicy: { allowHttp: false, allowPrivate: false },
    ...DEFAULT_AUTH_SETTINGS,
    ...DEFAULT_CONNECTION_LIMITS,
    ...DEFAULT_RESOURCE_LIMITS,
    ...DEFAULT_STREAM_LIMITS,
    ...deps.settings,
  };
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: false }),
    // Unknown fields are refused (400), never silently dropped: Fastify's default strips them.
    // `discriminator`: a `oneOf` on `game` or a command's `type` is validated by the one branch
    // that property names (Ajv's own discriminator), not by trying them all.
    ajv: { customOptions: { removeAdditional: false, discriminator: true } },
    // Ajv as Fastify sets it up, and then no number that is not finite (src/api/finite-numbers.ts);
    // Fastify's own serialisers; each compiled on its route's first request (src/api/compile-on-first-use.ts).
    schemaController: { compilersFactory: { buildValidator: finiteNumbersValidator(), buildSerializer: serializersOnFirstUse() } },
    bodyLimit: settings.bodyLimitBytes,
    requestTimeout: settings.requestTimeoutMs,
    http: nodeServerLimits(settings),
    clientErrorHandler,
    genReqId: requestId,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    frameworkErrors: frameworkErrorHandler,
    // Requests that reach a closing server on a kept-alive connection are served, not refused with
    // Fastify's own (non problem+json) 503; their responses close the connection (below).
    return503OnClosing: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Graceful close: once close() starts, requests still running finish, and their responses end
  // the connection; otherwise a keep-alive socket would hold close() open until it times out.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });

  await app.register(problemHandling);
  registerUrlLimit(app, settings);
  registerBodyGuard(app);

  const registry = gameRegistry(settings.extraGames);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: PRODUCT_NAME,
        version: packageJson.version,
        description: [
          `Play ${[...registry.values()].map((game) => game.title).join(', ')} over HTTP.`,
          '',
          'Register (`POST /v1/accounts`) for a token and send it as `Authorization: Bearer <token>`. Create a game, claim seats; then read the game (`GET /v1/games/{id}`): its `legalCommands` are the commands you may send now, ready to POST to `/v1/games/{id}/commands`. Follow a game with the long-poll or SSE feeds.',
          '',
          'Errors are `application/problem+json` (RFC 9457) with a stable `code` to switch on and a `detail` to show. Every game response carries the game `version` (also its `ETag`); a command may send `expectedVersion` or `If-Match`, and an `Idempotency-Key` to retry safely.',
        ].join('\n'),
      },
      servers: [{ url: 'http://127.0.0.1:3000', description: 'A local `npm start` (PORT=3000, the default).' }],
      // Every route reads a token when one is sent (and refuses a bad one with 401); routes that
      // need one say so with their own `security`.
      security: [{}, { bearer: [] }],
      tags: [
        { name: 'games', description: 'Create games, list open ones, take seats, read a game as your seat sees it, and send commands: every move.' },
        { name: 'content', description: 'A game’s printed components and maps, for clients that show them: what the ids in views and commands stand for. Public and cacheable.' },
        { name: 'feeds', description: 'A game’s events as they happen (long-poll or Server-Sent Events), and your games awaiting you.' },
        { name: 'players', description: 'Player pages: a player’s games, results, counts and ratings.' },
        { name: 'chat', description: 'Table chat: short messages players and spectators write at a game’s table, live over Server-Sent Events; and the players you muted. Not part of the game’s log.' },
        { name: 'accounts', description: 'Register, log in, your account.' },
        { name: 'tokens', description: 'Personal access tokens, and the keys that verify every token.' },
        { name: 'webhooks', description: 'Be told when you can act: signed webhooks (Standard Webhooks) for all your games or one game, and their delivery log.' },
        { name: 'email', description: 'Email notifications: verify your address, choose every event or a digest, unsubscribe in one click.' },
        { name: 'push', description: 'Web Push: subscribe a browser to be told when you can act, and mute it.' },
        { name: 'operations', description: 'Health and readiness probes.' },
      ],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'A session token (POST /v1/sessions) or a personal access token (POST /v1/me/tokens). EdDSA-signed JWTs; the keys are at /.well-known/jwks.json.',
          },
        },
      },
    },
    transformObject: (document) =>
      withDiscriminatorMappings(withRequestExamples('openapiObject' in document ? document.openapiObject : document.swaggerObject, registry)),
    // Name shared schemas by their $id (`Problem`) instead of `def-0` in components.schemas.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  await app.register(healthRoutes, { readiness: deps.readiness });

  // Creating a pool does not connect: without `deps.pool` the routes exist (for the OpenAPI
  // document) but nothing reaches a database until a request does.
  const pool = deps.pool ?? new pg.Pool({ connectionString: 'postgres://unused@127.0.0.1:1/unused', max: 1 });
  const prisma = deps.prisma ?? createPrismaClient(pool);
  if (!deps.prisma) app.addHook('onClose', async () => prisma.$disconnect());
  const now = settings.now ?? (() => new Date());
  // The background (job worker, deadline sweeper, notifier, webhook channel) works over its own few
  // connections, so that it does not wait behind HTTP requests (src/db/pools.ts).
  const worker = deps.pool ? settings.worker : null;
  const backgroundPool = worker ? ownPool(pool, worker.concurrency + 2 + DEFAULT_SWEEPER_SETTINGS.concurrency + DEFAULT_NOTIFIER_SETTINGS.concurrency, deps.logger) : null;
  const ports = postgresPorts(pool, backgroundPool, prisma);
  // One count of open streams (per caller, per address, in the process), game feeds and chat
  // streams together; each ends with the token it was opened with.
  const streams = new OpenStreams(settings);
  // The operator's metrics, when asked for: on the root instance, so that every route is timed.
  const metrics = settings.metricsToken
    ? new OperatorMetrics({
        pools: { requests: pool, ...(backgroundPool ? { background: backgroundPool } : {}) },
        openStreams: () => streams.open,
        jobsQueued: () => queuedJobs(pool),
      })
    : null;
  if (metrics && settings.metricsToken) registerMetrics(app, metrics, settings.metricsToken);
  // The channels read games through the service's states cache, and the service hands them its
  // notices: the reader comes first, then the channels, then the service.
  const states = new GameStates(ports.log, registry);
  const reader = gameReader(ports.records, states);
  // Table chat: beside the games, not in their logs; it hears other processes' messages on the same listening connection.
  const chat = new TableChat(new ChatStore(prisma), ports.listen, now, { ...DEFAULT_CHAT_LIMITS, ...settings.chat });
  // Notifications: their use cases (src/notify) and the ports they read through (src/store).
  const notifyRecords = notificationRecords(pool, prisma, ports.accountsTable);
  const emailLinks = new EmailLinks(notifyRecords.tokens, ports.accountsTable, now);
  const webhookSubscriptions = new WebhookSubscriptions(notifyRecords.subscriptions, notifyRecords.games, (url) => checkWebhookUrl(url, settings.webhookPolicy), now, { ...DEFAULT_RESOURCE_LIMITS, ...settings });
  // Notifications leave the process from here: email, and the webhook channel and the job worker
  // that runs every channel's jobs (src/delivery/deliveries.ts).
  const mail = deps.pool && settings.mail ? settings.mail : null;
  const mailer = mail ? createMailer({ ...mail, logger: deps.logger ?? createLogger('silent') }) : null;
  const emailChannel = mailer
    ? new EmailChannel(notifyRecords.email, emailLinks, reader, { mailer, publicUrl: () => settings.publicUrl ?? listeningUrl(app.server.address()), wording: situationWording(registry), titles: gameTitles(registry), telemetry: metrics ?? undefined }, deps.logger, settings.now)
    : null;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  // Web Push: its key pair and subscriptions over the request pool, its jobs over the background's.
  const pushSealer = new KeySealer(settings.signingKeySecrets);
  const pushRows = pushRecords(pool, prisma, pushSealer);
  const pushKeys = new VapidKeyring(pushRows.keys);
  const pushSubscriptions = new PushSubscriptions(pushRows.subscriptions, (url) => checkWebhookUrl(url, settings.webhookPolicy));
  const pushChannel = new PushChannel(
    pushRecords(backgroundPool ?? pool, prisma, pushSealer).deliveries,
    pushKeys,
    reader,
    {
      publicUrl: () => settings.publicUrl ?? listeningUrl(app.server.address()),
      subject: vapidSubject(settings.publicUrl, mail?.from),
      policy: settings.webhookPolicy,
      wording: situationWording(registry),
      titles: gameTitles(registry),
      ...(settings.webhookRetryScale !== undefined ? { retryScale: settings.webhookRetryScale } : {}),
    },
    deps.logger,
    now,
  );
  const deliveries = new Deliveries(
    backgroundPool ?? pool,
    notificationRecords(backgroundPool ?? pool, prisma, ports.accountsTable),
    reader,
    {
      worker,
      now,
      jobTasks: { ...emailChannel?.tasks(), ...pushChannel.tasks() },
      webhooks: {
        policy: settings.webhookPolicy,
        wording: situationWording(registry),
        titles: gameTitles(registry),
        ...(settings.publicUrl ? { publicUrl: settings.publicUrl } : {}),
        ...(settings.webhookRetryScale !== undefined ? { retryScale: settings.webhookRetryScale } : {}),
        ...(settings.webhookReminderScale !== undefined ? { reminderScale: settings.webhookReminderScale } : {}),
        // Queued in the transaction that disables the subscription. With no email channel at all (no
        // mail settings: tests, scripts), the dispatcher only logs the disabling.
        onDisabled: emailChannel ? (tx, subscription) => emailChannel.queueWebhookDisabledEmail(tx, subscription) : undefined,
        telemetry: metrics ?? undefined,
      },
    },
    deps.logger,
  );
  const gameService = new GameService(
    ports,
    {
      registry,
      states,
      telemetry: metrics ?? undefined,
      noticeListeners: emailChannel ? [deliveries.onNotice, emailChannel.onNotice, pushChannel.onNotice] : [deliveries.onNotice, pushChannel.onNotice],
      allowScenarios: settings.allowScenarios,
      listChosenGames: settings.listChosenGames,
      background: settings.worker ? { pollIntervalMs: settings.worker.pollIntervalMs } : null,
      now: settings.now,
      vacationDaysPerYear: settings.vacationDaysPerYear,
      abandonAfterSilentDeadlines: settings.abandonAfterSilentDeadlines,
      zombieAfterMissed: settings.zombieAfterMissed,
      botMinDecisionMs: settings.botMinDecisionMs,
      limits: settings,
    },
    deps.logger,
  );
  if (deps.pool) {
    app.addHook('onReady', async () => {
      // The VAPID key pair is made at the first start, and read by every later one.
      await pushKeys.keys();
      await deliveries.start();
      await gameService.start();
      await chat.start();
    });
    app.addHook('preClose', async () => {
      // The service first: its notifier hands notices to the channels until it stops.
      await gameService.stop();
      await chat.stop();
      await deliveries.stop();
      if (backgroundPool) await endWhenDrained(backgroundPool);
    });
  }
  const webClientDir = settings.webClientDir === undefined ? path.join(PROJECT_ROOT, 'web', 'dist') : settings.webClientDir;
  if (webClientDir) await app.register(webClientRoutes, { dir: webClientDir });
  const auth = createAuth({
    pool,
    prisma,
    accountRows: ports.accountsTable,
    settings,
    tokensPerAccount: settings.tokensPerAccount,
    serviceNames: [PRODUCT_NAME, ...[...registry.values()].map((game) => game.title)],
  });
  const limits = rateLimitsOf(settings);
  await app.register(authPlugin, { auth, limits, prepareKeys: Boolean(deps.pool) });
  await app.register(accountRoutes, { auth, limits, email: emailChannel, exports: ports.accountsTable });
  await app.register(sessionRoutes, { auth });
  await app.register(passwordRoutes, { auth, limits, email: emailChannel });
  await app.register(accountDeletionRoutes, { auth, limits, deletion: new AccountDeletion(ports.accountsTable, registry, (gameId) => gameService.bots.kick(gameId)) });
  await app.register(accessTokenRoutes, { auth });
  await app.register(gameRoutes, { service: gameService });
  await app.register(inviteRoutes, { service: gameService });
  await app.register(rematchRoutes, { rematches: new Rematches(ports.records, new RematchOfferTable(pool), registry, (callerId, body, others) => gameService.create(callerId, body, others), now) });
  await app.register(leavingRoutes, { service: gameService });
  const streamOptions = { credentials: new CredentialWatches(auth.tokens, auth.revocations), bufferBytes: settings.streamBufferBytes };
  await app.register(feedRoutes, { service: gameService, streams, ...streamOptions });
  await app.register(chatRoutes, { chat, streams, ...streamOptions });
  await app.register(playerRoutes, { service: gameService, pool, streams, background: worker ? { pollIntervalMs: worker.pollIntervalMs } : null, logger: deps.logger });
  await app.register(commandLogRoutes, { service: gameService });
  await app.register(orderRoutes, { service: gameService });
  await app.register(preferenceRoutes, { service: gameService });
  await app.register(vacationRoutes, { service: gameService });
  await app.register(emailRoutes, { channel: emailChannel, links: emailLinks, settings: new EmailSettingsBook(ports.accountsTable, ports.accountsTable), webClient: Boolean(webClientDir) });
  await app.register(webhookRoutes, { subscriptions: webhookSubscriptions });
  await app.register(pushRoutes, { keys: pushKeys, subscriptions: pushSubscriptions, settings: new PushSettingsBook(ports.accountsTable, ports.accountsTable) });
  await app.register(contentRoutes, { registry });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return { app, parts: { gameService, deliveries, emailChannel, auth } };
}

export type App = FastifyInstance;

// The OpenAPI document is generated from the route schemas; openapi/openapi.json is its committed
// copy, for client generators. `npm run openapi` rewrites it; a test fails when it is stale.

export const OPENAPI_FILE = path.join(PROJECT_ROOT, 'openapi', 'openapi.json');

/**
 * The document as committed: 2-space JSON with a final newline. `extraGames`: a test's own games
 * beside the registered ones (the fourth-game browser test builds a web client from that document).
 */
export async function renderOpenApiDocument(extraGames: readonly AnyGameModule[] = []): Promise<string> {
  // Generating the document runs no route, so readiness is never asked.
  const app = await buildApp({ readiness: async () => ({ ready: false, reason: 'no database' }), settings: { extraGames } });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
  }
}

/** The URL this app listens on, for links when no public URL is configured. */
function listeningUrl(address: string | AddressInfo | null): string {
  if (address === null || typeof address === 'string') return 'http://127.0.0.1';
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}

/** Keeps a caller's `x-request-id` when it is a plausible id, so logs can be joined across services. */
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}
