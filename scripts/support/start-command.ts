// `npm start`'s command (package.json), in words: the benchmarks, the process tests and the check
// on the Docker image's command all start the service with it, so each runs it as production does.

import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/config/config.ts';

/** `npm start`'s words, `node <flags> src/main.ts`; throws when it has another shape. */
export function startCommand(): string[] {
  const start = (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = start.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'src/main.ts') throw new Error(`npm start is not "node <flags> src/main.ts": ${start}`);
  return words;
}

/** Node's flags in `npm start`. */
export const startFlags = (): string[] => startCommand().slice(1, -1);
