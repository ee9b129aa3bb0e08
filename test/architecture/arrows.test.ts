// The arrows point inward (docs/architecture.md §1): .dependency-cruiser.mjs, which `npm test`
// runs as `lint:arrows`, fails on a wrong-way import or a circle. Shown on a fixture tree shaped
// like src/ (test/fixtures/arrows) with such imports on purpose, and checked on the real src/.

import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = path.join(ROOT, '.dependency-cruiser.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
  cycle?: { name: string }[];
}

/** Cruises `src` under `cwd` with the project's configuration, as `npm run lint:arrows` does: its exit code. */
async function exitCodeOf(cwd: string): Promise<number> {
  try {
    await promisify(execFile)(process.execPath, [CLI, 'src', '--config', CONFIG], { cwd });
    return 0;
  } catch (error) {
    return (error as { code: number }).code;
  }
}

/** The same cruise's violations, as JSON. */
async function violationsOf(cwd: string): Promise<Violation[]> {
  const args = [CLI, 'src', '--config', CONFIG, '--output-type', 'json'];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('the import rules', () => {
  it('fail on a wrong-way import and on a circle, naming the rule', async () => {
    const fixture = path.join(ROOT, 'test', 'fixtures', 'arrows');
    expect(await exitCodeOf(fixture)).not.toBe(0);
    const violations = await violationsOf(fixture);
    const found = violations.map((v) => ({ rule: v.rule.name, severity: v.rule.severity, from: v.from, to: v.to }));
    expect(found).toEqual(
      expect.arrayContaining([
        { rule: 'layer-games', severity: 'error', from: 'src/games/x/rules.ts', to: 'src/api/routes.ts' },
        { rule: 'layer-auth', severity: 'error', from: 'src/auth/caller.ts', to: 'src/api/routes.ts' },
      ]),
    );
    const circles = violations.filter((v) => v.rule.name === 'no-circular');
    expect(circles.length).toBeGreaterThan(0);
    for (const circle of circles) {
      expect(['src/service/a.ts', 'src/service/b.ts']).toContain(circle.from);
      expect(circle.rule.severity).toBe('error');
    }
    // The allowed arrow (a game importing the platform's contract) is not reported.
    expect(violations.filter((v) => v.to === 'src/platform/contract.ts')).toEqual([]);
    expect(violations).toHaveLength(3);
  }, 60_000);

  it('hold for the real src/', async () => {
    expect((await violationsOf(ROOT)).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
    expect(await exitCodeOf(ROOT)).toBe(0);
  }, 60_000);
});
