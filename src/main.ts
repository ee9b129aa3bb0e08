// The process: read the configuration, open the database (embedded or external, migrated),
// serve HTTP, and shut down in order on SIGTERM/SIGINT: stop accepting connections, let in-flight
// requests finish, close the pool, stop the embedded Postgres.
//
// A start-up failure prints one line to stderr ("error: PORT 3000 is already in use …") and exits 1.

import type { AddressInfo } from 'node:net';
import { buildApp, type App } from './app.ts';
import { defaultPublicUrl, loadConfig, type Config } from './config/config.ts';
import { createLogger } from './config/logger.ts';
import { isPortFree } from './config/ports.ts';
import { StartupError } from './config/startup-error.ts';
import { openDatabase, type Database } from './db/database.ts';
import { installJobQueue } from './jobs/queue.ts';
import { stopOrphanOrRefuse } from './db/embedded-postgres.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`error: ${(error as Error).message}\n`);
  process.exit(1);
}

const logger = createLogger(config.logLevel);
let db: Database | undefined;
let app: App | undefined;
let shuttingDown = false;

const starting = start();
// `on`, not `once`: a repeated signal (Ctrl-C pressed twice, or delivered both by the terminal and
// by a parent process) must not fall back to Node's default of exiting at once, mid-shutdown.
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('uncaughtException', (error) => crash(error, 'uncaught exception'));
process.on('unhandledRejection', (error) => crash(error, 'unhandled promise rejection'));

await starting.catch(async (error: unknown) => {
  if (!(error instanceof StartupError)) logger.fatal({ err: error }, 'start-up failed');
  await closeAll().catch(() => undefined);
  const line = error instanceof StartupError ? error.message : `unexpected failure during start-up: ${(error as Error).message}`;
  process.stderr.write(`error: ${line}\n`);
  process.exit(1);
});

async function start(): Promise<void> {
  // Checked before the slow parts, and in this order, so a second `npm start` says what is wrong.
  if (!config.databaseUrl) await stopOrphanOrRefuse(config.dataDir, logger);
  await assertCanListen(config.port, config.host);

  db = await openDatabase(config, logger, { prepare: installJobQueue });
  if (shuttingDown) return;
  app = await buildApp({
    logger,
    readiness: db.readiness,
    pool: db.pool,
    prisma: db.prisma,
    settings: {
      allowScenarios: config.allowScenarios,
      listChosenGames: config.listChosenGames,
      authIssuer: config.authIssuer,
      authAudience: config.authAudience,
      sessionTtlSeconds: config.sessionTtlSeconds,
      rateLimitPerMinute: config.rateLimitPerMinute,
      loginRateLimitPerMinute: config.loginRateLimitPerMinute,
      loginFailuresBeforeDelay: config.loginFailuresBeforeDelay,
      loginDelaySeconds: config.loginDelaySeconds,
      loginFailuresBeforeLock: config.loginFailuresBeforeLock,
      loginLockMinutes: config.loginLockMinutes,
      signingKeySecrets: config.signingKeySecrets,
      worker: config.jobConcurrency > 0 ? { concurrency: config.jobConcurrency, pollIntervalMs: config.jobPollIntervalMs, fetchDelayMs: config.jobFetchDelayMs } : null,
      vacationDaysPerYear: config.vacationDaysPerYear,
      abandonAfterSilentDeadlines: config.abandonAfterSilentDeadlines,
      zombieAfterMissed: config.zombieAfterMissed,
      bodyLimitBytes: config.bodyLimitBytes,
      requestTimeoutMs: config.requestTimeoutMs,
      maxUrlLength: config.maxUrlLength,
      streamsPerCaller: config.streamsPerCaller,
      streamsPerAddress: config.streamsPerAddress,
      streamsPerProcess: config.streamsPerProcess,
      streamBufferBytes: config.streamBufferBytes,
      openGamesPerAccount: config.openGamesPerAccount,
      gamesPerDayPerAccount: config.gamesPerDayPerAccount,
      webhooksPerAccount: config.webhooksPerAccount,
      webhooksPerGame: config.webhooksPerGame,
      tokensPerAccount: config.tokensPerAccount,
      mail: { smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir, from: config.mailFrom },
      webhookPolicy: { allowHttp: config.webhookAllowHttp, allowPrivate: config.webhookAllowPrivate },
      publicUrl: config.publicUrl ?? defaultPublicUrl(config.host, config.port),
      metricsToken: config.metricsToken,
    },
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    throw listenError(error, config.port, config.host) ?? error;
  }
  const { port } = app.server.address() as AddressInfo;
  const publicUrl = config.publicUrl ?? defaultPublicUrl(config.host, port);
  logger.info(
    { url: publicUrl, docs: `${publicUrl}/docs`, database: config.databaseUrl ? 'external' : 'embedded' },
    `ready: API docs at ${publicUrl}/docs`,
  );
}

async function shutdown(reason: string, exitCode = 0): Promise<void> {
  if (shuttingDown) {
    logger.info({ reason }, 'already shutting down');
    return;
  }
  shuttingDown = true;
  logger.info({ reason }, 'shutting down');
  // Whatever happens below, the process ends: the embedded Postgres gets 30 s to stop on its own.
  setTimeout(() => {
    logger.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs + 35_000).unref();
  await starting.catch(() => undefined);
  try {
    await closeAll();
    logger.info('stopped');
    process.exit(exitCode);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

function crash(error: unknown, what: string): void {
  logger.fatal({ err: error }, what);
  void shutdown(what, 1);
}

/** Stops accepting, waits up to SHUTDOWN_TIMEOUT_MS for in-flight requests, then closes the database. */
async function closeAll(): Promise<void> {
  if (app) {
    const server = app.server;
    const timer = setTimeout(() => {
      logger.warn({ timeoutMs: config.shutdownTimeoutMs }, 'requests still running at SHUTDOWN_TIMEOUT_MS; closing their connections');
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    await app.close();
    clearTimeout(timer);
  }
  await db?.close();
}

async function assertCanListen(port: number, host: string): Promise<void> {
  if (port === 0) return;
  try {
    if (!(await isPortFree(port, host))) throw listenError({ code: 'EADDRINUSE' }, port, host);
  } catch (error) {
    throw listenError(error, port, host) ?? error;
  }
}

function listenError(error: unknown, port: number, host: string): StartupError | undefined {
  switch ((error as { code?: string }).code) {
    case 'EADDRINUSE':
      return new StartupError(`PORT ${port} is already in use on HOST ${host}; stop the other process or set PORT`);
    case 'EACCES':
      return new StartupError(`PORT ${port} needs privileges this process does not have; set PORT to 1024 or above`);
    case 'EADDRNOTAVAIL':
      return new StartupError(`HOST ${host} is not an address of this machine; use 127.0.0.1 or 0.0.0.0`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(`HOST ${host} does not resolve to an address; use 127.0.0.1 or 0.0.0.0`);
    default:
      return error instanceof StartupError ? error : undefined;
  }
}
