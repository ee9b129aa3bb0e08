// The platform is named for itself, not for the game it was first built for (issue 14's check:
// `grep -rli helter src/` finds nothing outside the game's folder, the generated Prisma client and
// the registry). A comment or a default that says "Helter Skelter" in the platform is how a
// platform quietly starts assuming one game; this keeps the grep as a test.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Where the first game may be named: its own folder, generated code, and the one registry line. */
const ALLOWED = ['games/helter-skelter/', 'generated/', 'service/registry.ts'];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(SRC, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe('the platform names no game', () => {
  it('mentions Helter Skelter only in its own folder, the generated client and the registry', async () => {
    const files = await filesUnder(SRC);
    const naming: string[] = [];
    for (const file of files) {
      if (ALLOWED.some((allowed) => file.startsWith(allowed))) continue;
      if (/helter/i.test(await readFile(path.join(SRC, file), 'utf8'))) naming.push(file);
    }
    // The walk reached the game's folder too, or the check would pass on an empty tree.
    expect(files.some((file) => file.startsWith('games/helter-skelter/'))).toBe(true);
    expect(naming).toEqual([]);
  });
});
