// The web client's shared files name no game (issue 29: "Shared pages never name a game"), for
// every game the service registers (src/service/registry.ts) and every game the web registry draws: its id, the id in
// words ("block war") and the name the pages give it. A game is named only in its own folder
// (web/src/games/<game>/), the web registry and the generated API types. Like
// test/architecture/first-game-name.test.ts for src/.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gameRegistry } from '../../src/service/registry.ts';
import { webRegistry } from '../support/web-registry.ts';

const WEB = fileURLToPath(new URL('../../web/src/', import.meta.url));
const GAME_UIS = await webRegistry();

/** Where a game may be named: any game's own folder, the one registry line, generated types. */
const isAllowed = (file: string) => /^games\/[^/]+\//.test(file) || file === 'games/registry.ts' || file.startsWith('generated/');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The ways a game is written: "block-war", "block war", "blockwar", and its name in the pages. */
function spellings(id: string, name: string | undefined): string[] {
  const words = id.split(/[-_]/);
  return [...new Set([id, words.join(' '), words.join(''), ...(name ? [name] : [])].map((text) => text.toLowerCase()))];
}

describe('the shared web files name no game', () => {
  it('the web registry draws every game the service registers', async () => {
    const registered = [...gameRegistry().keys()];
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.filter((id) => !GAME_UIS.has(id))).toEqual([]);
  });

  it('mentions each game only in its own folder, the registry and the generated types', async () => {
    const registered = [...gameRegistry().keys()];
    const ids = [...new Set([...registered, ...GAME_UIS.keys()])];
    const files = await filesUnder(WEB);
    const naming: string[] = [];
    for (const file of files.filter((candidate) => !isAllowed(candidate))) {
      const text = (await readFile(path.join(WEB, file), 'utf8')).toLowerCase();
      for (const id of ids) {
        for (const spelling of spellings(id, GAME_UIS.get(id)?.name)) if (text.includes(spelling)) naming.push(`${file}: ${spelling}`);
      }
    }
    // The walk reached every game's folder and the shared pages, or the check would pass on an empty tree.
    for (const id of ids) expect(files.some((file) => file.startsWith(`games/${id}/`))).toBe(true);
    expect(files).toContain('pages/lobby.tsx');
    expect(naming).toEqual([]);
  });
});
