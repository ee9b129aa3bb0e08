// Closing the app (what SIGTERM does in src/main.ts) stops accepting connections but lets
// requests already running finish.

import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';

describe('graceful close', () => {
  it('finishes in-flight requests and refuses new connections', async () => {
    const app = await buildApp({ readiness: async () => ({ ready: true, appliedMigrations: 1 }) });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/slow', async () => {
      arrived();
      await held;
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const slow = fetch(`${url}/slow`).then(async (response) => ({ status: response.status, body: await response.json() }));
    await inFlight;
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();

    release();
    expect(await slow).toEqual({ status: 200, body: { finished: true } });
    // …and close() ends with it, not when the kept-alive connection would have timed out.
    const closedSoon = await Promise.race([closing.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 2_000))]);
    expect(closedSoon).toBe(true);
  });
});
