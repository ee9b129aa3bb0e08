// The static checks `npm test` runs before the suite: the type-check (`typecheck`), the lint and
// the import arrows. The web client's API types are generated first, as `typecheck` does, since
// all three read them; then the three run side by side (each is mostly one core; one after another
// they were the first few minutes of every CI run). Each one's output is printed whole when it
// ends, so that they do not interleave; the exit code is 1 when any failed.
//
//   node --import tsx scripts/checks.ts

import { spawn } from 'node:child_process';

const CHECKS = ['typecheck:tsc', 'lint', 'lint:arrows'];

function run(label: string, command: string, args: string[]): Promise<boolean> {
  const started = Date.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.once('close', (code) => {
      const passed = code === 0;
      process.stdout.write(`${passed ? 'passed' : 'FAILED'}  ${label} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      resolve(passed);
    });
  });
}

const typesMade = await run('the web client\'s API types', process.execPath, ['--import', 'tsx', 'scripts/build-web.ts', '--types']);
const results = typesMade && (await Promise.all(CHECKS.map((script) => run(`npm run ${script}`, 'npm', ['run', '-s', script]))));
process.exit(results && results.every(Boolean) ? 0 : 1);
