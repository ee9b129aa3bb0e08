// The web client built with one more game, as a game's author would add it: web/ copied to a
// temporary directory, the game's web folder copied in as web/src/games/<id>/, and one line (with
// its import) added to the copy's web/src/games/registry.ts; nothing else of web/src changes. The
// API types are regenerated from the OpenAPI document of a server that plays the game beside the
// registered ones (renderOpenApiDocument), so the registry's `{ [K in GameId]: … }` knows it; then
// the copy is bundled by Vite, as scripts/build-web.ts does for web/, and type-checked (tsc -p) and
// held to the web client's import rules while test/e2e/fourth-game.e2e.ts serves the bundle and
// plays. The game's web code never enters web/ itself.

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderOpenApiDocument } from '../../../src/app.ts';
import { PROJECT_ROOT } from '../../../src/config/config.ts';
import type { AnyGameModule } from '../../../src/service/registry.ts';

export interface WebGame {
  /** The game's server module, played beside the registered ones; its `id` names the folder and the registry's key. */
  module: AnyGameModule;
  /** The game's web folder (its GameUi), copied to web/src/games/<id>/. */
  folder: string;
  /** The folder's file that exports the GameUi, and the export's name: the registry line's import. */
  file: string;
  exportName: string;
}

export interface BuiltWeb {
  /** The bundle, for buildApp's `webClientDir`. */
  dist: string;
  /** The lines the copy's registry.ts has that web/src/games/registry.ts has not. */
  addedRegistryLines: string[];
  /**
   * The copy's checks, still running when the bundle is ready, so a test plays meanwhile: its
   * type-check (tsc -p) and the web client's import rules (.dependency-cruiser-web.mjs: the game's
   * folder imports no other game's, and only the registry imports it). Resolves with their
   * milliseconds, rejects with their errors. Await it before the test ends.
   */
  checked: Promise<number>;
  /** Milliseconds the types and the bundle took. */
  timings: { types: number; bundle: number };
  /** Stops the checks if they still run, and deletes the copy. */
  remove(): void;
}

const REGISTRY = path.join('web', 'src', 'games', 'registry.ts');

/** The copy of web/ with `game` added, bundled, its type-check under way; `remove()` deletes it. */
export async function buildWebWith(game: WebGame): Promise<BuiltWeb> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'web-with-game-'));
  const checks: Running[] = [];
  const remove = () => {
    for (const check of checks) check.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  };
  try {
    // The copy resolves its packages (preact, vite …) through the project's node_modules.
    symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const skipped = new Set([path.join(PROJECT_ROOT, 'web', 'dist'), path.join(PROJECT_ROOT, 'web', 'node_modules'), path.join(PROJECT_ROOT, 'web', 'src', 'generated')]);
    cpSync(path.join(PROJECT_ROOT, 'web'), path.join(root, 'web'), { recursive: true, filter: (source) => !skipped.has(source) });

    // The folder…
    cpSync(game.folder, path.join(root, 'web', 'src', 'games', game.module.id), { recursive: true });
    // …and the line.
    const original = readFileSync(path.join(PROJECT_ROOT, REGISTRY), 'utf8');
    const registry = withRegistryLine(original, game);
    writeFileSync(path.join(root, REGISTRY), registry);

    let started = Date.now();
    await writeTypes(path.join(root, 'web', 'src', 'generated', 'api.ts'), await renderOpenApiDocument([game.module]));
    const types = Date.now() - started;

    started = Date.now();
    const bin = (...file: string[]) => path.join(PROJECT_ROOT, 'node_modules', ...file);
    checks.push(run([bin('typescript', 'bin', 'tsc'), '--noEmit', '-p', path.join(root, 'web')], 'tsc', PROJECT_ROOT));
    // From the copy's root, where the rules' paths (web/src/…) are its own.
    checks.push(run([bin('dependency-cruiser', 'bin', 'dependency-cruise.mjs'), 'web/src', '--config', path.join(PROJECT_ROOT, '.dependency-cruiser-web.mjs')], 'depcruise', root));
    const checked = Promise.all(checks.map((check) => check.done)).then(() => Date.now() - started);
    // Handled here so that a test failing before it awaits the checks reports its own failure.
    checked.catch(() => undefined);
    await run([bin('vite', 'bin', 'vite.js'), 'build', '--config', path.join(root, 'web', 'vite.config.ts')], 'vite build', PROJECT_ROOT).done;
    const bundle = Date.now() - started;

    const before = new Set(original.split('\n'));
    return {
      dist: path.join(root, 'web', 'dist'),
      addedRegistryLines: registry.split('\n').filter((line) => !before.has(line)),
      checked,
      timings: { types, bundle },
      remove,
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * registry.ts with the game's import after the last game's and its entry last in `UIS`. Fails,
 * rather than guessing, when the file no longer has the shape this expects.
 */
export function withRegistryLine(registry: string, game: WebGame): string {
  const lines = registry.split('\n');
  const lastGameImport = lines.findLastIndex((line) => /^import .* from '\.\/[^/]+\/[^/]+\.tsx?';$/.test(line));
  const opening = lines.findIndex((line) => /^const UIS\b.*= \{$/.test(line));
  const closing = lines.findIndex((line, index) => index > opening && line === '};');
  if (lastGameImport < 0 || opening < 0 || closing < 0) throw new Error(`${REGISTRY} no longer lists its games as this helper expects: update withRegistryLine`);
  const entry = `  '${game.module.id}': ${game.exportName},`;
  const importLine = `import { ${game.exportName} } from './${game.module.id}/${game.file}';`;
  lines.splice(closing, 0, entry);
  lines.splice(lastGameImport + 1, 0, importLine);
  return lines.join('\n');
}

async function writeTypes(file: string, document: string): Promise<void> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const types = astToString(await openapiTS(JSON.parse(document) as Parameters<typeof openapiTS>[0]));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `// Generated by test/e2e/support/web-with-game.ts: do not edit.\n${types}`);
}

interface Running {
  child: ChildProcess;
  /** Resolves when the program exits with 0; rejects with its output otherwise. */
  done: Promise<void>;
}

/** Runs a Node program in `cwd`. */
function run(args: string[], name: string, cwd: string): Running {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${name} failed (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`))));
  });
  return { child, done };
}
