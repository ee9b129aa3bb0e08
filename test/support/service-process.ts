// Runs the real service as `npm start` runs it (`node <its flags> src/main.ts`), as a child process.

import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/config/config.ts';
import { startCommand } from '../../scripts/support/start-command.ts';

/**
 * The only variables passed on from the test run: the service sees none of its own settings
 * (DATABASE_URL, PORT, AUTH_…) unless a test sets them, so each test says what it means.
 */
const PASSED_ON = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ'];

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServiceProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
  /** Sends `signal` and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

export interface RunningService extends ServiceProcess {
  /** Where it listens, from its "ready" log line. */
  url: string;
}

/** A service on `databaseUrl`, any free port, logging what deadline tests read, polling for jobs every 200 ms. */
export const jobServiceEnv = (databaseUrl: string): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  PORT: '0',
  LOG_LEVEL: 'info',
  JOB_POLL_INTERVAL_MS: '200',
  RATE_LIMIT_PER_MINUTE: '0',
});

const running = new Set<ServiceProcess>();

/** `cwd`: the checkout to run (another copy of the project, e.g. one under a private directory). */
export function spawnService(env: Record<string, string>, cwd: string = PROJECT_ROOT): ServiceProcess {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => PASSED_ON.includes(name)));
  const child = spawn(process.execPath, startCommand().slice(1), {
    cwd,
    // Emails from accounts the tests register go to a temporary outbox, never the repository's.
    env: { MAIL_OUTBOX_DIR: path.join(os.tmpdir(), `hs-test-outbox-${process.pid}`), ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  const service: ServiceProcess = {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  running.add(service);
  void exited.then(() => running.delete(service));
  return service;
}

/** Starts the service and resolves once it listens; rejects with its stderr if it exits first. */
export async function startService(env: Record<string, string>, timeoutMs = 60_000, cwd: string = PROJECT_ROOT): Promise<RunningService> {
  const service = spawnService(env, cwd);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ready = service
      .stdout()
      .split('\n')
      .map(parseLogLine)
      .find((line) => typeof line?.msg === 'string' && line.msg.startsWith('ready:'));
    if (ready) return { ...service, url: String(ready.url) };
    if (service.child.exitCode !== null || service.child.signalCode !== null) {
      throw new Error(`the service exited during start-up: ${service.stderr().trim() || service.stdout().slice(-2000)}`);
    }
    if (Date.now() > deadline) {
      await service.stop('SIGKILL');
      throw new Error(`the service did not become ready within ${timeoutMs} ms:\n${service.stdout().slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs the service expecting it to exit by itself (a start-up failure), within `timeoutMs`. */
export async function runUntilExit(env: Record<string, string>, timeoutMs = 20_000): Promise<Exit & { stdout: string; stderr: string }> {
  const service = spawnService(env);
  const timer = setTimeout(() => service.child.kill('SIGKILL'), timeoutMs);
  const exit = await service.exited;
  clearTimeout(timer);
  return { ...exit, stdout: service.stdout(), stderr: service.stderr() };
}

/** For afterAll: stops whatever a failed test left running (SIGKILL after 10 s). */
export async function stopLeftoverServices(): Promise<void> {
  await Promise.all(
    [...running].map(async (service) => {
      const timer = setTimeout(() => service.child.kill('SIGKILL'), 10_000);
      await service.stop('SIGTERM');
      clearTimeout(timer);
    }),
  );
}

export function parseLogLine(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
