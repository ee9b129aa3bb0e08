// Configuration comes from the environment only, and is checked once at start-up: a bad value
// stops the process with one line that names the variable, before anything else happens.
// Every variable here is listed, with its default, in docs/configuration.md.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CONNECTION_LIMITS, DEFAULT_RESOURCE_LIMITS, DEFAULT_STREAM_LIMITS, type ConnectionLimits, type ResourceLimits, type StreamLimits } from './limits.ts';
import { StartupError } from './startup-error.ts';
import { DEFAULT_TOKEN_AUDIENCE, DEFAULT_TOKEN_ISSUER, PRODUCT_NAME } from './product.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Limits on one connection and on what one account holds (docs/configuration.md, "Limits") are read here too. */
export interface Config extends ConnectionLimits, ResourceLimits, StreamLimits {
  /** TCP port of the HTTP API; 0 picks a free one. */
  port: number;
  /** Interface the HTTP API listens on. */
  host: string;
  /**
   * Where clients reach the service, for links the service prints or sends; no trailing slash.
   * Unset: http://HOST:PORT as the service listens (localhost for 0.0.0.0).
   */
  publicUrl: string | undefined;
  logLevel: LogLevel;
  /** An external Postgres; when absent the service runs an embedded one under `dataDir`. */
  databaseUrl: string | undefined;
  /** Connections the service keeps to Postgres at most. */
  databasePoolMax: number;
  /** How long start-up keeps retrying an external Postgres that does not answer yet. */
  databaseConnectTimeoutMs: number;
  /** Absolute path of the directory that holds the embedded Postgres cluster. */
  dataDir: string;
  /** DATA_DIR was not set: the embedded Postgres may fall back to a reachable directory (docs/configuration.md, DATA_DIR). */
  dataDirIsDefault: boolean;
  /** Port of the embedded Postgres (127.0.0.1 only); 0 picks a free one at every start. */
  embeddedPostgresPort: number;
  /** How long a shutdown waits for in-flight requests before closing their connections. */
  shutdownTimeoutMs: number;
  /** Accept games created from an explicit `scenario` position (tutorials, puzzles, tests). */
  allowScenarios: boolean;
  /** List games with a chosen seed or position in the public lobby (LIST_CHOSEN_GAMES). */
  listChosenGames: boolean;
  /** The `iss` of the tokens the service issues and accepts. */
  authIssuer: string;
  /** The `aud` of the tokens the service issues and accepts. */
  authAudience: string;
  /** How long a session token (from log-in) lives. */
  sessionTtlSeconds: number;
  /** Requests a minute per account (per IP address without a token); 0 turns rate limiting off. */
  rateLimitPerMinute: number;
  /** Log-in attempts a minute per IP address; 0 leaves log-in under RATE_LIMIT_PER_MINUTE. */
  loginRateLimitPerMinute: number;
  /** Failed log-ins in a row per handle or email (from one address, or from all together) before each attempt from the failing address must wait; 0 turns that throttle off. */
  loginFailuresBeforeDelay: number;
  /** The first wait; it doubles with each further failure. */
  loginDelaySeconds: number;
  /** Failed log-ins in a row per handle or email (from one address, or from all together) that lock the failing address out of it for LOGIN_LOCK_MINUTES. */
  loginFailuresBeforeLock: number;
  loginLockMinutes: number;
  /**
   * SIGNING_KEY_SECRET: 32-byte secrets that encrypt the signing keys at rest; the first encrypts,
   * every one decrypts (while changing it). Empty: keys are stored plain.
   */
  signingKeySecrets: Buffer[];
  /** Jobs (deadlines, notifications) this process runs at once; 0 runs no worker here. */
  jobConcurrency: number;
  /** How often the worker looks for jobs that became due, in ms (deadlines set here are woken on time anyway). */
  jobPollIntervalMs: number;
  /** After an empty look for jobs, how long the worker lets new-job notifications pass, in ms (0: none). */
  jobFetchDelayMs: number;
  /** Days a year a player may pause their clocks. */
  vacationDaysPerYear: number;
  /** Deadlines in a row that pass with nobody acting before a game is abandoned; 0: never. */
  abandonAfterSilentDeadlines: number;
  /** Deadlines in a row a seat may miss before a bot plays it until its player takes it back; 0: never. */
  zombieAfterMissed: number;
  /** The mail server (smtp:// or smtps://); unset, emails are written as .eml files to `mailOutboxDir`. */
  smtpUrl: string | undefined;
  /** The From of every email, e.g. `Judge Dredd play-by-web <no-reply@example.org>`. */
  mailFrom: string;
  /** Absolute path of the directory that receives emails when no SMTP_URL is set. */
  mailOutboxDir: string;
  /** Accept plain-http webhook URLs (development only). */
  webhookAllowHttp: boolean;
  /** Accept webhook URLs on loopback, private or link-local addresses (development and tests only). */
  webhookAllowPrivate: boolean;
  /** METRICS_TOKEN: GET /metrics is served to its bearer; unset, there is no /metrics. */
  metricsToken: string | null;
}

/** A configuration mistake; its message is the one line the process prints before it exits. */
export class ConfigError extends StartupError {
  override name = 'ConfigError';
}

/** The repository root, so the default data directory does not depend on the working directory. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const read = <T>(name: string, fallback: T, parse: (raw: string) => T): T => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    try {
      return parse(raw);
    } catch (error) {
      problems.push(`${name} ${(error as Error).message}`);
      return fallback;
    }
  };

  const publicUrl = read('PUBLIC_URL', undefined, httpUrl);
  const config: Config = {
    port: read('PORT', 3000, integer(0, 65535)),
    host: read('HOST', '127.0.0.1', hostname),
    publicUrl,
    logLevel: read('LOG_LEVEL', 'info', oneOf(LOG_LEVELS)),
    databaseUrl: read('DATABASE_URL', undefined, postgresUrl),
    databasePoolMax: read('DATABASE_POOL_MAX', 10, integer(1, 1000)),
    databaseConnectTimeoutMs: read('DATABASE_CONNECT_TIMEOUT_MS', 10_000, integer(0, 600_000)),
    dataDir: read('DATA_DIR', path.join(PROJECT_ROOT, '.data'), (raw) => path.resolve(cwd, raw)),
    dataDirIsDefault: !env.DATA_DIR?.trim(),
    embeddedPostgresPort: read('EMBEDDED_POSTGRES_PORT', 0, integer(0, 65535)),
    shutdownTimeoutMs: read('SHUTDOWN_TIMEOUT_MS', 10_000, integer(1, 600_000)),
    allowScenarios: read('ALLOW_SCENARIOS', env.NODE_ENV !== 'production', boolean),
    listChosenGames: read('LIST_CHOSEN_GAMES', false, boolean),
    authIssuer: read('AUTH_ISSUER', publicUrl ?? DEFAULT_TOKEN_ISSUER, tokenName),
    authAudience: read('AUTH_AUDIENCE', DEFAULT_TOKEN_AUDIENCE, tokenName),
    sessionTtlSeconds: read('SESSION_TTL_SECONDS', 3600, integer(60, 30 * 86_400)),
    rateLimitPerMinute: read('RATE_LIMIT_PER_MINUTE', 600, integer(0, 1_000_000)),
    loginRateLimitPerMinute: read('LOGIN_RATE_LIMIT_PER_MINUTE', 20, integer(0, 1_000_000)),
    loginFailuresBeforeDelay: read('LOGIN_FAILURES_BEFORE_DELAY', 5, integer(0, 1000)),
    loginDelaySeconds: read('LOGIN_DELAY_SECONDS', 2, integer(1, 3600)),
    loginFailuresBeforeLock: read('LOGIN_FAILURES_BEFORE_LOCK', 10, integer(1, 1000)),
    loginLockMinutes: read('LOGIN_LOCK_MINUTES', 15, integer(1, 1440)),
    signingKeySecrets: read('SIGNING_KEY_SECRET', [], keySecrets),
    jobConcurrency: read('JOB_CONCURRENCY', 4, integer(0, 100)),
    jobPollIntervalMs: read('JOB_POLL_INTERVAL_MS', 1000, integer(50, 60_000)),
    jobFetchDelayMs: read('JOB_FETCH_DELAY_MS', 25, integer(0, 60_000)),
    vacationDaysPerYear: read('VACATION_DAYS_PER_YEAR', 30, integer(0, 366)),
    abandonAfterSilentDeadlines: read('ABANDON_AFTER_SILENT_DEADLINES', 24, integer(0, 100_000)),
    zombieAfterMissed: read('ZOMBIE_AFTER_MISSED', 3, integer(0, 1000)),
    bodyLimitBytes: read('BODY_LIMIT_BYTES', DEFAULT_CONNECTION_LIMITS.bodyLimitBytes, integer(1_024, 16_777_216)),
    requestTimeoutMs: read('REQUEST_TIMEOUT_MS', DEFAULT_CONNECTION_LIMITS.requestTimeoutMs, integer(1_000, 600_000)),
    maxUrlLength: read('MAX_URL_LENGTH', DEFAULT_CONNECTION_LIMITS.maxUrlLength, integer(256, 65_536)),
    streamsPerCaller: read('STREAMS_PER_ACCOUNT', DEFAULT_RESOURCE_LIMITS.streamsPerCaller, integer(1, 10_000)),
    streamsPerAddress: read('STREAMS_PER_ADDRESS', DEFAULT_STREAM_LIMITS.streamsPerAddress, integer(1, 100_000)),
    streamsPerProcess: read('STREAMS_PER_PROCESS', DEFAULT_STREAM_LIMITS.streamsPerProcess, integer(1, 1_000_000)),
    streamBufferBytes: read('STREAM_BUFFER_BYTES', DEFAULT_STREAM_LIMITS.streamBufferBytes, integer(4_096, 67_108_864)),
    openGamesPerAccount: read('OPEN_GAMES_PER_ACCOUNT', DEFAULT_RESOURCE_LIMITS.openGamesPerAccount, integer(1, 100_000)),
    gamesPerDayPerAccount: read('GAMES_PER_DAY_PER_ACCOUNT', DEFAULT_RESOURCE_LIMITS.gamesPerDayPerAccount, integer(1, 1_000_000)),
    webhooksPerAccount: read('WEBHOOKS_PER_ACCOUNT', DEFAULT_RESOURCE_LIMITS.webhooksPerAccount, integer(1, 10_000)),
    webhooksPerGame: read('WEBHOOKS_PER_GAME', DEFAULT_RESOURCE_LIMITS.webhooksPerGame, integer(1, 10_000)),
    tokensPerAccount: read('TOKENS_PER_ACCOUNT', DEFAULT_RESOURCE_LIMITS.tokensPerAccount, integer(1, 10_000)),
    smtpUrl: read('SMTP_URL', undefined, smtpUrl),
    mailFrom: read('MAIL_FROM', `${PRODUCT_NAME} <no-reply@localhost>`, mailbox),
    mailOutboxDir: read('MAIL_OUTBOX_DIR', path.join(PROJECT_ROOT, '.data', 'outbox'), (raw) => path.resolve(cwd, raw)),
    webhookAllowHttp: read('WEBHOOK_ALLOW_HTTP', false, boolean),
    webhookAllowPrivate: read('WEBHOOK_ALLOW_PRIVATE', false, boolean),
    metricsToken: read('METRICS_TOKEN', null, secretToken),
  };

  // The lock comes after the delays (or with the first of them), never before.
  if (config.loginFailuresBeforeDelay > 0 && config.loginFailuresBeforeLock < config.loginFailuresBeforeDelay) {
    problems.push(`LOGIN_FAILURES_BEFORE_LOCK must be at least LOGIN_FAILURES_BEFORE_DELAY (${config.loginFailuresBeforeDelay}), not ${config.loginFailuresBeforeLock}`);
  }

  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return config;
}

const boolean = (raw: string): boolean => {
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new Error(`must be true or false, not "${raw}"`);
};

const integer =
  (min: number, max: number) =>
  (raw: string): number => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      throw new Error(`must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`);
    }
    return value;
  };

const oneOf =
  <T extends string>(choices: readonly T[]) =>
  (raw: string): T => {
    const value = raw.toLowerCase();
    if (!(choices as readonly string[]).includes(value)) {
      throw new Error(`must be one of ${choices.join(', ')} (got ${JSON.stringify(raw)})`);
    }
    return value as T;
  };

/**
 * One or more secrets of 32 bytes, comma-separated, each as 64 hex digits or base64 (standard or
 * URL-safe, padded or not). Never echoes the value: it is a secret.
 */
function keySecrets(raw: string): Buffer[] {
  const parts = raw.split(',').map((part) => part.trim());
  return parts.map((part, index) => {
    let bytes: Buffer | undefined;
    if (/^[0-9a-fA-F]{64}$/.test(part)) bytes = Buffer.from(part, 'hex');
    else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(part)) bytes = Buffer.from(part.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes?.length !== 32) {
      const which = parts.length > 1 ? ` (secret ${index + 1} of ${parts.length} is not)` : '';
      throw new Error(
        `must be 32 random bytes as 64 hex digits or as base64, e.g. from \`openssl rand -base64 32\`; several, comma-separated, while changing it${which}. The value is not repeated here`,
      );
    }
    return bytes;
  });
}

/** An issuer or audience: a name or URL, compared exactly. */
/** A bearer token an operator chose: long enough not to be guessed; never echoed. */
function secretToken(raw: string): string {
  if (raw.length < 32 || /\s/.test(raw)) throw new Error('must be at least 32 characters without spaces (a random string: openssl rand -hex 32)');
  return raw;
}

function tokenName(raw: string): string {
  if (/\s/.test(raw) || raw.length > 200) throw new Error(`must be a name or URL of at most 200 characters without spaces (got ${JSON.stringify(raw.slice(0, 40))})`);
  return raw;
}

function hostname(raw: string): string {
  if (/[\s/]/.test(raw)) {
    throw new Error(`must be a host name or IP address such as 127.0.0.1 or 0.0.0.0 (got ${JSON.stringify(raw)})`);
  }
  return raw;
}

function httpUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`must be an http:// or https:// URL (got ${JSON.stringify(raw)})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`must be an http:// or https:// URL (got ${JSON.stringify(raw)})`);
  }
  return raw.replace(/\/+$/, '');
}

/** Checks the shape only; whether the server answers is start-up's business. Never echoes the value: it may hold a password. */
function postgresUrl(raw: string): string {
  const hint = 'must be a URL like postgres://user:password@host:5432/database';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${hint} (the value given is not a URL)`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(`${hint} (the value given starts with ${JSON.stringify(url.protocol.slice(0, 20))})`);
  }
  if (url.hostname === '' && !url.searchParams.has('host')) {
    throw new Error(`${hint} (the value given has no host)`);
  }
  if (url.port !== '' && Number(url.port) === 0) {
    throw new Error(`${hint} (the value given has port 0)`);
  }
  return raw;
}

/** Checks the shape only, like postgresUrl, and never echoes the value: it may hold a password. */
function smtpUrl(raw: string): string {
  const hint = 'must be a URL like smtp://user:password@host:587 or smtps://host:465';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${hint} (the value given is not a URL)`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`${hint} (the value given starts with ${JSON.stringify(url.protocol.slice(0, 20))})`);
  }
  if (url.hostname === '') throw new Error(`${hint} (the value given has no host)`);
  return raw;
}

/** One mailbox, `Name <address>` or a bare address; a line break here would let the value forge headers. */
function mailbox(raw: string): string {
  const address = /<([^<>]+)>$/.exec(raw)?.[1] ?? raw;
  if (/[\r\n]/.test(raw) || !/^[^\s@<>]+@[^\s@<>]+$/.test(address)) {
    throw new Error(`must be an address like no-reply@example.org or "${PRODUCT_NAME} <no-reply@example.org>" (got ${JSON.stringify(raw.slice(0, 80))})`);
  }
  return raw;
}

/** The URL the service is reached at when PUBLIC_URL is unset. */
export function defaultPublicUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
