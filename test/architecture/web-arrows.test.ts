// Shared web pages never name a game (issue 29): .dependency-cruiser-web.mjs, which `npm test`
// runs as part of `lint:arrows`, fails when a file outside web/src/games/<game>/ other than the
// web registry imports a game's folder, or one game's folder imports another's. Shown on a fixture
// tree shaped like web/src (test/fixtures/web-arrows) with such imports on purpose, and checked on
// the real web/src.

import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = path.join(ROOT, '.dependency-cruiser-web.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

/** Cruises `web/src` under `cwd` with the web configuration, as `npm run lint:arrows` does: its exit code. */
async function exitCodeOf(cwd: string): Promise<number> {
  try {
    await promisify(execFile)(process.execPath, [CLI, 'web/src', '--config', CONFIG], { cwd });
    return 0;
  } catch (error) {
    return (error as { code: number }).code;
  }
}

async function violationsOf(cwd: string): Promise<string[]> {
  const args = [CLI, 'web/src', '--config', CONFIG, '--output-type', 'json'];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  const violations = (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
  return violations.map((v) => `${v.rule.severity} ${v.rule.name}: ${v.from} → ${v.to}`);
}

describe('the web import rule', () => {
  it('fails on a shared page importing a game and on a game importing another, and allows the registry', async () => {
    const fixture = path.join(ROOT, 'test', 'fixtures', 'web-arrows');
    expect(await exitCodeOf(fixture)).not.toBe(0);
    // The registry's imports of both games, the games' import of the shared interface and the
    // pages' of the registry are not reported.
    expect((await violationsOf(fixture)).sort()).toEqual([
      'error web-game-to-other-game: web/src/games/dice/ui.ts → web/src/games/cards/ui.ts',
      'error web-games-through-registry: web/src/pages/lobby.tsx → web/src/games/dice/ui.ts',
    ]);
  }, 60_000);

  it('holds for the real web/src', async () => {
    expect(await violationsOf(ROOT)).toEqual([]);
    expect(await exitCodeOf(ROOT)).toBe(0);
  }, 60_000);
});
