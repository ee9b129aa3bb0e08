// The Docker image runs node directly (so SIGTERM reaches the service), not `npm start`: its
// command must stay the one `npm start` runs, flags included (docs/operations.md).

import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/config.ts';
import { startCommand } from '../../scripts/support/start-command.ts';

it('the Docker image starts the service with npm start’s command', () => {
  const cmd = fs.readFileSync(path.join(PROJECT_ROOT, 'Dockerfile'), 'utf8').match(/^CMD (\[.*\])$/m)?.[1];
  expect(cmd).toBeDefined();
  expect(JSON.parse(cmd!)).toEqual(startCommand());
});
