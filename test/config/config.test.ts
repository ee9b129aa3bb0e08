import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PROJECT_ROOT } from '../../src/config/config.ts';

const errorFor = (env: Record<string, string>): string => {
  try {
    loadConfig(env, '/srv/app');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('configuration from the environment', () => {
  it('has working defaults for a newcomer: embedded Postgres under the project, port 3000 on localhost', () => {
    expect(loadConfig({}, '/srv/app')).toEqual({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: undefined,
      logLevel: 'info',
      databaseUrl: undefined,
      databasePoolMax: 10,
      databaseConnectTimeoutMs: 10_000,
      dataDir: path.join(PROJECT_ROOT, '.data'),
      dataDirIsDefault: true,
      embeddedPostgresPort: 0,
      shutdownTimeoutMs: 10_000,
      allowScenarios: true,
      listChosenGames: false,
      authIssuer: 'judge-dredd-pbw',
      authAudience: 'judge-dredd-pbw-api',
      sessionTtlSeconds: 3600,
      rateLimitPerMinute: 600,
      loginRateLimitPerMinute: 20,
      loginFailuresBeforeDelay: 5,
      loginDelaySeconds: 2,
      loginFailuresBeforeLock: 10,
      loginLockMinutes: 15,
      signingKeySecrets: [],
      jobConcurrency: 4,
      jobPollIntervalMs: 1000,
      jobFetchDelayMs: 25,
      vacationDaysPerYear: 30,
      abandonAfterSilentDeadlines: 24,
      zombieAfterMissed: 3,
      bodyLimitBytes: 65_536,
      requestTimeoutMs: 30_000,
      maxUrlLength: 4_096,
      streamsPerCaller: 16,
      streamsPerAddress: 64,
      streamsPerProcess: 500,
      streamBufferBytes: 262_144,
      openGamesPerAccount: 20,
      gamesPerDayPerAccount: 100,
      webhooksPerAccount: 20,
      webhooksPerGame: 10,
      tokensPerAccount: 50,
      smtpUrl: undefined,
      mailFrom: 'Judge Dredd play-by-web <no-reply@localhost>',
      mailOutboxDir: path.join(PROJECT_ROOT, '.data', 'outbox'),
      webhookAllowHttp: false,
      webhookAllowPrivate: false,
      metricsToken: null,
    });
  });

  it('turns scenarios off by default in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, '/srv/app').allowScenarios).toBe(false);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        PUBLIC_URL: 'https://play.example.org/',
        LOG_LEVEL: 'DEBUG',
        DATABASE_URL: 'postgresql://app:secret@db.internal:6543/games?sslmode=require',
        DATABASE_POOL_MAX: '25',
        DATABASE_CONNECT_TIMEOUT_MS: '0',
        DATA_DIR: 'var/data',
        EMBEDDED_POSTGRES_PORT: '5433',
        SHUTDOWN_TIMEOUT_MS: '2500',
        ALLOW_SCENARIOS: 'off',
        LIST_CHOSEN_GAMES: 'on',
        AUTH_ISSUER: 'https://auth.example.org',
        AUTH_AUDIENCE: 'helter-skelter-staging',
        SESSION_TTL_SECONDS: '900',
        RATE_LIMIT_PER_MINUTE: '0',
        LOGIN_RATE_LIMIT_PER_MINUTE: '5',
        LOGIN_FAILURES_BEFORE_DELAY: '3',
        LOGIN_DELAY_SECONDS: '5',
        LOGIN_FAILURES_BEFORE_LOCK: '6',
        LOGIN_LOCK_MINUTES: '30',
        SIGNING_KEY_SECRET: `${'ab'.repeat(32)}, ${Buffer.alloc(32, 7).toString('base64url')}`,
        JOB_CONCURRENCY: '0',
        JOB_POLL_INTERVAL_MS: '250',
        JOB_FETCH_DELAY_MS: '0',
        VACATION_DAYS_PER_YEAR: '14',
        ABANDON_AFTER_SILENT_DEADLINES: '0',
        ZOMBIE_AFTER_MISSED: '5',
        BODY_LIMIT_BYTES: '131072',
        REQUEST_TIMEOUT_MS: '5000',
        MAX_URL_LENGTH: '2048',
        STREAMS_PER_ACCOUNT: '4',
        STREAMS_PER_ADDRESS: '40',
        STREAMS_PER_PROCESS: '2000',
        STREAM_BUFFER_BYTES: '65536',
        OPEN_GAMES_PER_ACCOUNT: '3',
        GAMES_PER_DAY_PER_ACCOUNT: '12',
        WEBHOOKS_PER_ACCOUNT: '5',
        WEBHOOKS_PER_GAME: '2',
        TOKENS_PER_ACCOUNT: '7',
        SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
        MAIL_FROM: 'Mega-City One <judges@example.org>',
        MAIL_OUTBOX_DIR: 'var/outbox',
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOW_PRIVATE: 'yes',
        METRICS_TOKEN: 'an-operator-metrics-token-of-32-chars-or-more',
      },
      '/srv/app',
    );
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://play.example.org',
      logLevel: 'debug',
      databaseUrl: 'postgresql://app:secret@db.internal:6543/games?sslmode=require',
      databasePoolMax: 25,
      databaseConnectTimeoutMs: 0,
      dataDir: '/srv/app/var/data',
      dataDirIsDefault: false,
      embeddedPostgresPort: 5433,
      shutdownTimeoutMs: 2500,
      allowScenarios: false,
      listChosenGames: true,
      authIssuer: 'https://auth.example.org',
      authAudience: 'helter-skelter-staging',
      sessionTtlSeconds: 900,
      rateLimitPerMinute: 0,
      loginRateLimitPerMinute: 5,
      loginFailuresBeforeDelay: 3,
      loginDelaySeconds: 5,
      loginFailuresBeforeLock: 6,
      loginLockMinutes: 30,
      signingKeySecrets: [Buffer.alloc(32, 0xab), Buffer.alloc(32, 7)],
      jobConcurrency: 0,
      jobPollIntervalMs: 250,
      jobFetchDelayMs: 0,
      vacationDaysPerYear: 14,
      abandonAfterSilentDeadlines: 0,
      zombieAfterMissed: 5,
      bodyLimitBytes: 131_072,
      requestTimeoutMs: 5_000,
      maxUrlLength: 2_048,
      streamsPerCaller: 4,
      streamsPerAddress: 40,
      streamsPerProcess: 2000,
      streamBufferBytes: 65_536,
      openGamesPerAccount: 3,
      gamesPerDayPerAccount: 12,
      webhooksPerAccount: 5,
      webhooksPerGame: 2,
      tokensPerAccount: 7,
      smtpUrl: 'smtps://mailer:secret@smtp.example.org:465',
      mailFrom: 'Mega-City One <judges@example.org>',
      mailOutboxDir: '/srv/app/var/outbox',
      webhookAllowHttp: true,
      webhookAllowPrivate: true,
      metricsToken: 'an-operator-metrics-token-of-32-chars-or-more',
    });
  });

  it('takes the token issuer from PUBLIC_URL unless AUTH_ISSUER is set', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://play.example.org/' }, '/srv/app').authIssuer).toBe('https://play.example.org');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }, '/srv/app')).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    [{ PORT: 'http' }, /^Invalid configuration: PORT must be an integer from 0 to 65535 \(got "http"\)$/],
    [{ PORT: '70000' }, /PORT must be an integer/],
    [{ PORT: '-1' }, /PORT must be an integer/],
    [{ HOST: 'localhost/x' }, /HOST must be a host name or IP address/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent \(got "loud"\)$/],
    [{ PUBLIC_URL: 'ftp://example.org' }, /PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/],
    [{ DATABASE_URL: 'localhost:5432' }, /DATABASE_URL must be a URL like postgres:\/\/user:password@host:5432\/database/],
    [{ DATABASE_URL: 'mysql://root@localhost/db' }, /DATABASE_URL must be a URL like .* starts with "mysql:"/],
    [{ DATABASE_URL: 'postgres:///games' }, /DATABASE_URL .* has no host/],
    [{ DATABASE_POOL_MAX: '0' }, /DATABASE_POOL_MAX must be an integer from 1 to 1000/],
    [{ DATABASE_CONNECT_TIMEOUT_MS: '1.5' }, /DATABASE_CONNECT_TIMEOUT_MS must be an integer/],
    [{ EMBEDDED_POSTGRES_PORT: 'x' }, /EMBEDDED_POSTGRES_PORT must be an integer/],
    [{ SHUTDOWN_TIMEOUT_MS: '0' }, /SHUTDOWN_TIMEOUT_MS must be an integer from 1 to 600000/],
    [{ ALLOW_SCENARIOS: 'maybe' }, /ALLOW_SCENARIOS must be true or false/],
    [{ AUTH_ISSUER: 'helter skelter' }, /AUTH_ISSUER must be a name or URL/],
    [{ AUTH_AUDIENCE: 'x'.repeat(201) }, /AUTH_AUDIENCE must be a name or URL/],
    [{ SESSION_TTL_SECONDS: '30' }, /SESSION_TTL_SECONDS must be an integer from 60 to 2592000/],
    [{ RATE_LIMIT_PER_MINUTE: '-5' }, /RATE_LIMIT_PER_MINUTE must be an integer from 0/],
    [{ LOGIN_RATE_LIMIT_PER_MINUTE: 'lots' }, /LOGIN_RATE_LIMIT_PER_MINUTE must be an integer/],
    [{ LOGIN_DELAY_SECONDS: '0' }, /LOGIN_DELAY_SECONDS must be an integer from 1 to 3600/],
    [{ LOGIN_LOCK_MINUTES: '1441' }, /LOGIN_LOCK_MINUTES must be an integer from 1 to 1440/],
    [{ SIGNING_KEY_SECRET: 'too short' }, /^Invalid configuration: SIGNING_KEY_SECRET must be 32 random bytes as 64 hex digits or as base64/],
    [{ SIGNING_KEY_SECRET: `${'a'.repeat(64)},${'b'.repeat(63)}` }, /SIGNING_KEY_SECRET must be 32 random bytes .* \(secret 2 of 2 is not\)/],
    [{ LOGIN_FAILURES_BEFORE_DELAY: '8', LOGIN_FAILURES_BEFORE_LOCK: '4' }, /LOGIN_FAILURES_BEFORE_LOCK must be at least LOGIN_FAILURES_BEFORE_DELAY \(8\), not 4/],
    [{ SMTP_URL: 'smtp.example.org:25' }, /SMTP_URL must be a URL like smtp:\/\/user:password@host:587/],
    [{ SMTP_URL: 'https://smtp.example.org' }, /SMTP_URL must be a URL like .* starts with "https:"/],
    [{ SMTP_URL: 'smtp:relay' }, /SMTP_URL .* has no host/],
    [{ MAIL_FROM: 'no-reply' }, /MAIL_FROM must be an address like no-reply@example.org/],
    [{ MAIL_FROM: 'Judges <judges@example.org>\nBcc: all@example.org' }, /MAIL_FROM must be an address/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(errorFor(env)).toMatch(message);
  });

  it('names every bad variable in one line', () => {
    const message = errorFor({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(message).not.toContain('\n');
    expect(message).toMatch(/PORT .*; LOG_LEVEL /);
  });

  it('accepts a bare address as MAIL_FROM and a plain smtp:// server', () => {
    expect(loadConfig({ MAIL_FROM: 'judges@example.org', SMTP_URL: 'smtp://127.0.0.1:2525' }, '/srv/app')).toMatchObject({
      mailFrom: 'judges@example.org',
      smtpUrl: 'smtp://127.0.0.1:2525',
    });
  });

  it('never repeats a malformed SMTP_URL, which may hold a password', () => {
    expect(errorFor({ SMTP_URL: 'smtp//mailer:hunter2@smtp:25' })).not.toContain('hunter2');
    expect(errorFor({ SMTP_URL: 'imap://mailer:hunter2@smtp:25' })).not.toContain('hunter2');
  });

  it('reads SIGNING_KEY_SECRET as hex or base64, padded or not, and never repeats a malformed one', () => {
    const secret = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7));
    for (const raw of [secret.toString('hex'), secret.toString('hex').toUpperCase(), secret.toString('base64'), secret.toString('base64url')]) {
      expect(loadConfig({ SIGNING_KEY_SECRET: raw }, '/srv/app').signingKeySecrets).toEqual([secret]);
    }
    const almost = secret.toString('hex').slice(0, 62);
    expect(errorFor({ SIGNING_KEY_SECRET: almost })).not.toContain(almost);
  });

  it('never repeats a malformed DATABASE_URL, which may hold a password', () => {
    expect(errorFor({ DATABASE_URL: 'postgres//app:hunter2@db:5432/games' })).not.toContain('hunter2');
    expect(errorFor({ DATABASE_URL: 'pg://app:hunter2@db:5432/games' })).not.toContain('hunter2');
  });
});
