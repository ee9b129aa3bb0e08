// The platform is named for itself, not for the games it hosts (issue 14's check, widened by
// issue 29 to every game): no registered game's id or title appears in `src/` outside that game's
// own folder, the generated Prisma client and the registry. A comment or a default that names a
// game in the platform is how a platform quietly starts assuming one game; this keeps the grep as
// a test, for each game the server registers, so a new game is checked as soon as it is added.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/service/registry.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Where every game may be named: generated code and the registry that lists the games. */
const ALLOWED = ['generated/', 'service/registry.ts'];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(SRC, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A game's names as text might spell them: its id (`block-war`, `block war`, `BlockWar`) and its title. */
function namesOf(id: string, title: string): RegExp {
  const words = id.split('-').map(escape);
  return new RegExp([words.join('[- _]?'), escape(title)].join('|'), 'i');
}

describe('the platform names no game', () => {
  const games = [...GAMES.values()];

  it('checks every registered game', () => {
    expect(games.map((game) => game.id)).toEqual(expect.arrayContaining(['helter-skelter', 'block-war', 'miniatures']));
  });

  for (const game of games) {
    it(`mentions ${game.title} (${game.id}) only in its own folder, the generated client and the registry`, async () => {
      const files = await filesUnder(SRC);
      const own = `games/${game.id}/`;
      const names = namesOf(game.id, game.title);
      const naming: string[] = [];
      for (const file of files) {
        if (file.startsWith(own) || ALLOWED.some((allowed) => file.startsWith(allowed))) continue;
        if (names.test(await readFile(path.join(SRC, file), 'utf8'))) naming.push(file);
      }
      // The walk reached the game's folder too, or the check would pass on an empty tree.
      expect(files.some((file) => file.startsWith(own))).toBe(true);
      expect(naming).toEqual([]);
    });
  }
});
