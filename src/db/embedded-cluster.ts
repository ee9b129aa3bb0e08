// An embedded Postgres cluster on disk: which binaries to run, as which user, and the first-use
// initialisation of DATA_DIR/postgres. Running the server is embedded-postgres.ts's job.
//
// Postgres refuses to run as root. Under root the server runs as the `postgres` system user,
// created if missing; the cluster directory is handed to that user.

import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../config/logger.ts';
import { StartupError } from '../config/startup-error.ts';

export interface Binaries {
  postgres: string;
  initdb: string;
  /** Set when the binaries were copied somewhere the `postgres` user can reach; removed on stop. */
  copiedTo?: string;
}

export interface RunAs {
  uid: number;
  gid: number;
}

export const SUPERUSER = 'postgres';
/** Prefix of the private copies of the binaries (see locateBinaries); only these are ever deleted. */
export const BINARIES_COPY_PREFIX = 'embedded-postgres-';

export const clusterDir = (dataDir: string): string => path.join(dataDir, 'postgres');
export const passwordFile = (dataDir: string): string => path.join(dataDir, 'postgres.password');
export const ownerFile = (dataDir: string): string => path.join(dataDir, 'postgres.owner');

export function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const existing = lookupUser(SUPERUSER);
  if (existing) return existing;
  const hasGroup = spawnSync('getent', ['group', SUPERUSER]).status === 0;
  const created = spawnSync('useradd', [
    '--system',
    ...(hasGroup ? ['--gid', SUPERUSER] : ['--user-group']),
    '--no-create-home',
    '--home-dir',
    '/nonexistent',
    '--shell',
    '/usr/sbin/nologin',
    SUPERUSER,
  ]);
  const ids = created.status === 0 ? lookupUser(SUPERUSER) : undefined;
  if (!ids) {
    throw new StartupError(
      `Postgres cannot run as root and no "${SUPERUSER}" system user could be created (useradd failed); create one, run as a normal user, or set DATABASE_URL`,
    );
  }
  return ids;
}

function lookupUser(name: string): RunAs | undefined {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function locateBinaries(runAs: RunAs | undefined): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let found: { postgres: string; initdb: string };
  try {
    found = (await import(name)) as { postgres: string; initdb: string };
  } catch {
    throw new StartupError(
      `embedded Postgres has no binaries for ${platform}-${process.arch} (${name} is not installed); set DATABASE_URL to use your own Postgres`,
    );
  }
  const binaries: Binaries = { postgres: found.postgres, initdb: found.initdb };
  if (!runAs || canRun(binaries.postgres, runAs)) return binaries;

  // The `postgres` user cannot reach node_modules (e.g. a checkout under a mode-0700 directory):
  // run a private copy of the binaries from the temp directory instead.
  const nativeDir = path.dirname(path.dirname(found.postgres));
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), BINARIES_COPY_PREFIX));
  fs.chmodSync(copy, 0o755);
  fs.cpSync(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
  const copied: Binaries = {
    postgres: path.join(copy, path.relative(nativeDir, found.postgres)),
    initdb: path.join(copy, path.relative(nativeDir, found.initdb)),
    copiedTo: copy,
  };
  if (!canRun(copied.postgres, runAs)) {
    fs.rmSync(copy, { recursive: true, force: true });
    throw new StartupError(`the "${SUPERUSER}" user cannot run the embedded Postgres binaries (${found.postgres}); set DATABASE_URL instead`);
  }
  return copied;
}

function canRun(binary: string, runAs: RunAs): boolean {
  return spawnSync(binary, ['--version'], { ...runAs, stdio: 'ignore' }).status === 0;
}

const canReach = (dir: string, runAs: RunAs): boolean =>
  spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dir], { ...runAs, stdio: 'ignore' }).status === 0;

/** Where the default data directory goes when the `postgres` user cannot reach it. */
export const FALLBACK_ROOT = '/var/lib/judge-dredd-pbw';

/**
 * The same fallback for the same checkout at every start: the checkout's directory name and a
 * hash of the default directory's absolute path, under `root`.
 */
export function fallbackDataDir(defaultDir: string, root = FALLBACK_ROOT): string {
  const checkout = path.basename(path.dirname(defaultDir)).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40) || 'checkout';
  return path.join(root, `${checkout}-${createHash('sha256').update(path.resolve(defaultDir)).digest('hex').slice(0, 12)}`);
}

const hasCluster = (dataDir: string): boolean => fs.existsSync(path.join(clusterDir(dataDir), 'PG_VERSION'));

/**
 * The data directory to use. Under root, Postgres runs as `postgres`, which cannot enter a checkout
 * under a mode-0700 directory (root's home, any `mktemp -d`). The *default* directory then falls
 * back to one `postgres` can reach (`fallbackDataDir`), so `npm install && npm start` works from
 * anywhere; an explicit DATA_DIR never moves (the error says how to fix it). Whichever directory
 * already holds a cluster wins, so a later start finds its data even if the default became
 * reachable meanwhile.
 */
export function resolveDataDir(
  dataDir: string,
  options: { isDefault: boolean; runAs: RunAs | undefined; logger?: Logger; fallbackRoot?: string },
): string {
  const { isDefault, runAs, logger } = options;
  if (!isDefault || !runAs || hasCluster(dataDir)) return dataDir;
  const fallback = fallbackDataDir(dataDir, options.fallbackRoot);
  if (hasCluster(fallback)) {
    logger?.info({ dataDir: fallback, default: dataDir }, 'using the embedded Postgres data directory made at an earlier start');
    return fallback;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  if (canReach(dataDir, runAs)) return dataDir;
  fs.mkdirSync(fallback, { recursive: true, mode: 0o755 });
  for (let dir = fallback; dir !== path.dirname(dir) && !canReach(dir, runAs); dir = path.dirname(dir)) fs.chmodSync(dir, 0o755);
  logger?.warn(
    { dataDir: fallback, default: dataDir },
    `the default data directory ${dataDir} is not reachable by the "${SUPERUSER}" user that embedded Postgres runs as under root; keeping the database in ${fallback} instead (set DATA_DIR to choose)`,
  );
  return fallback;
}

export function assertReachable(dir: string, runAs: RunAs): void {
  if (!canReach(dir, runAs)) {
    throw new StartupError(
      `DATA_DIR ${path.dirname(dir)} is not reachable by the "${SUPERUSER}" user that embedded Postgres runs as under root; make its parent directories searchable (chmod o+x) or set DATA_DIR to a directory such as /var/tmp/judge-dredd-pbw`,
    );
  }
}

export function initialiseCluster(dataDir: string, binaries: Binaries, runAs: RunAs | undefined, durable: boolean, logger: Logger): void {
  const pgdata = clusterDir(dataDir);
  if (fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    if (!fs.existsSync(passwordFile(dataDir))) {
      throw new StartupError(
        `${passwordFile(dataDir)} is missing, so the embedded cluster in DATA_DIR ${dataDir} cannot be opened; restore it, or delete ${pgdata} to start with an empty database`,
      );
    }
    return;
  }
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
    throw new StartupError(`${pgdata} exists but is not a Postgres cluster; move it away or set DATA_DIR to another directory`);
  }

  logger.info({ dataDir: pgdata }, 'creating the embedded Postgres cluster (first start)');
  fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  if (runAs) fs.chownSync(pgdata, runAs.uid, runAs.gid);
  if (runAs) assertReachable(pgdata, runAs);

  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(passwordFile(dataDir), `${password}\n`, { mode: 0o600 });
  // initdb reads the password from a file the server's user can read; it lives only during initdb.
  const pwfile = path.join(dataDir, `.initdb-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) fs.chownSync(pwfile, runAs.uid, runAs.gid);
    const args = ['-D', pgdata, '-U', SUPERUSER, '--auth=scram-sha-256', `--pwfile=${pwfile}`, '--no-locale', '--encoding=UTF8'];
    if (!durable) args.push('--no-sync');
    const result = spawnSync(binaries.initdb, args, { ...runAs, encoding: 'utf8' });
    if (result.status !== 0) {
      const reason = lastMeaningfulLine(`${result.stderr ?? ''}\n${result.error?.message ?? ''}`);
      throw new StartupError(`initdb failed for ${pgdata}: ${reason}`);
    }
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

export function lastMeaningfulLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .pop() ?? 'no output'
  );
}
