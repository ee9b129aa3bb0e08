// The public verifier trusts nobody (issue 28): a server, or a proxy in front of it, that replaces
// both the revealed key and the commitment beside it passes a check of the one against the other.
// Only the commitment the player kept from the game's creation (`--commitment HEX`) catches it, and
// without it the verifier says that it proved only consistency with what the server shows now.

import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitment } from '../../src/platform/fairness.ts';
import { verifyPublic, type ReadApi } from '../../src/service/verify-public.ts';
import { useTestApp } from '../support/app.ts';
import { as, registerPlayer } from '../support/players.ts';
import { GAMES as REGISTERED } from '../../src/service/registry.ts';

const t = useTestApp();

/** A key the forger chose, and the commitment that matches it. */
const FORGED_KEY = 'f'.repeat(64);

let gameId = '';
let published = '';
let proxy: Server;
let proxyBase = '';

/** Forwards every request to the app, and swaps the key and the commitment in the game's summary. */
function forgingProxy(target: string): Server {
  return createServer(async (req, res) => {
    const answer = await fetch(target + req.url, { headers: { accept: 'application/json' } });
    let body = await answer.text();
    if (answer.ok && new URL(req.url!, target).pathname === `/v1/games/${gameId}`) {
      const game = JSON.parse(body) as { fairness: { key: string; commitment: string } };
      game.fairness = { ...game.fairness, key: FORGED_KEY, commitment: commitment(FORGED_KEY) };
      body = JSON.stringify(game);
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(body);
  });
}

function verifyScript(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', '--public', ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, out: stdout + stderr });
    });
  });
}

beforeAll(async () => {
  const me = await registerPlayer(t.app);
  const res = await request(t.app.server)
    .post('/v1/games')
    .set(as(me))
    .send({ game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges', bot: true }, { team: 'slaine', bot: true }] } });
  expect(res.status).toBe(201);
  gameId = res.body.id;
  published = res.body.fairness.commitment;
  const stop = Date.now() + 60_000;
  for (;;) {
    const { rows } = await t.db.pool.query(`SELECT status FROM games WHERE id = $1`, [gameId]);
    if (rows[0].status === 'finished') break;
    if (Date.now() > stop) throw new Error(`game ${gameId} did not finish`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await t.parts.gameService.bots.idle();
  proxy = forgingProxy(t.base);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 90_000);

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
});

describe('npm run verify -- --public behind a proxy that replaced the key and the commitment', () => {
  it('without --commitment, finds the forged pair consistent and says that this proves nothing about creation', async () => {
    const { code, out } = await verifyScript('--game', gameId, '--url', proxyBase);
    expect(out).toContain(`the revealed key matches ${commitment(FORGED_KEY)}, the commitment the server shows now`);
    expect(out).toMatch(/without --commitment this proves only that the key agrees with what the server shows today/);
    // The forged key does not replay the real log, so the verdict still fails, but late.
    expect(out).toMatch(/FAILED at command/);
    expect(code).toBe(1);
  }, 60_000);

  it('with the commitment seen at creation, refuses at once: the commitment was replaced', async () => {
    const { code, out } = await verifyScript('--game', gameId, '--url', proxyBase, '--commitment', published);
    expect(out).toContain(`FAILED: the server now shows the commitment ${commitment(FORGED_KEY)}, not ${published}`);
    expect(out).not.toContain('the revealed key matches');
    expect(out).toContain('verdict: NOT verified');
    expect(code).toBe(1);
  }, 60_000);

  it('straight from the server, with the commitment seen at creation (in capitals too), passes and says what it was bound to', async () => {
    const { code, out } = await verifyScript('--game', gameId, '--url', t.base, '--commitment', published.toUpperCase());
    expect(out).toContain(`the revealed key matches ${published}, the commitment you kept from the game's creation`);
    expect(out).toContain('verdict: fair');
    expect(code).toBe(0);
  }, 60_000);

  it('refuses a --commitment that is not 64 hex digits, checking nothing', async () => {
    const { code, out } = await verifyScript('--game', gameId, '--url', t.base, '--commitment', 'abc');
    expect(out).toContain('--commitment must be the 64 hexadecimal digits');
    expect(code).toBe(2);
  }, 60_000);
});

describe('verifyPublic with a kept commitment', () => {
  const through =
    (forge: boolean): ReadApi =>
    async (path) => {
      const res = await fetch((forge ? proxyBase : t.base) + path);
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.json();
    };

  it('catches a forger who also matched the key to a replaced commitment, before any replay', async () => {
    const verdict = await verifyPublic(REGISTERED, through(true), gameId, { commitment: published });
    expect(verdict).toMatchObject({ ok: false, pinned: true, commands: 0, events: 0 });
    expect(verdict.lines.at(-1)).toMatch(/it was replaced/);
  });

  it('catches a key that does not match the kept commitment even when the server shows the kept one', async () => {
    const keyOnly: ReadApi = async (path) => {
      const body = (await through(false)(path)) as { fairness?: object };
      return path === `/v1/games/${gameId}` ? { ...body, fairness: { ...body.fairness, key: FORGED_KEY } } : body;
    };
    const verdict = await verifyPublic(REGISTERED, keyOnly, gameId, { commitment: published });
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.at(-1)).toMatch(/does not match the commitment published at creation/);
  });

  it('passes the genuine game, pinned', async () => {
    const verdict = await verifyPublic(REGISTERED, through(false), gameId, { commitment: published });
    expect(verdict).toMatchObject({ ok: true, pinned: true });
  });
});
