// Replays games through the rules and checks their logs.
//   npm run verify                                   every stored game (DATABASE_URL, or the embedded
//                                                    Postgres under DATA_DIR: stop `npm start` first)
//   npm run verify -- --game ID                      one stored game
//   npm run verify -- --game block-war               every stored game of one registered game (its id)
//   npm run verify -- --game ID --public [--url URL] [--commitment HEX]
//                                                    one finished game, from the public API alone:
//                                                    the revealed key against its commitment, and a
//                                                    replay of the public commands against the public log.
//                                                    --commitment is the one you saw when the game was
//                                                    created: without it the key is checked only against
//                                                    the commitment the server shows now.

import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/config.ts';
import { createLogger } from '../src/config/logger.ts';
import { openDatabase } from '../src/db/database.ts';
import { installJobQueue } from '../src/jobs/queue.ts';
import { EventStore } from '../src/store/event-store.ts';
import { verifyAll, verifyGame, type VerifyReport } from '../src/service/verify.ts';
import { COMMITMENT_FORMAT, verifyPublic } from '../src/service/verify-public.ts';
import { storedGames } from '../src/store/game-records.ts';
import { gameRegistry } from '../src/service/registry.ts';

const { values } = parseArgs({
  options: {
    game: { type: 'string' },
    public: { type: 'boolean', default: false },
    commitment: { type: 'string' },
    url: { type: 'string', default: process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});

/** The games this verifier knows: the server's registered ones. */
const registry = gameRegistry();

if (values.public) {
  if (!values.game) {
    console.error('error: --public needs --game ID');
    process.exit(2);
  }
  if (values.commitment !== undefined && !COMMITMENT_FORMAT.test(values.commitment)) {
    console.error('error: --commitment must be the 64 hexadecimal digits the game showed when it was created');
    process.exit(2);
  }
  const base = values.url.replace(/\/$/, '');
  const read = async (path: string) => {
    const response = await fetch(base + path, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    return response.json();
  };
  const verdict = await verifyPublic(registry, read, values.game, { commitment: values.commitment });
  console.log(`game ${values.game} at ${base}`);
  for (const line of verdict.lines) console.log(`  ${line}`);
  console.log(
    !verdict.ok
      ? 'verdict: NOT verified'
      : verdict.pinned
        ? 'verdict: fair — the log is exactly what the rules and the key you saw committed at creation give'
        : 'verdict: consistent — the log is exactly what the rules and the key give, but the key was checked only against the commitment the server shows now (pass --commitment to bind it to the one you saw at creation)',
  );
  process.exit(verdict.ok ? 0 : 1);
}

const config = loadConfig();
const db = await openDatabase(config, createLogger('warn'), { prepare: installJobQueue });
try {
  const store = new EventStore(db.pool);
  const stored = storedGames(store);
  let report: VerifyReport;
  // A registered game's id names every stored game of it; anything else is one game's id.
  if (values.game && registry.has(values.game)) report = await verifyAll(registry, stored, values.game);
  else if (values.game) {
    report = { games: 0, commands: 0, events: 0, mismatches: [] };
    const game = await store.game(store.pool, values.game);
    if (!game) throw new Error(`no game ${values.game}`);
    await verifyGame(registry, stored, game, report);
  } else report = await verifyAll(registry, stored);
  console.log(`games checked:    ${report.games}`);
  console.log(`commands checked: ${report.commands}`);
  console.log(`events checked:   ${report.events}`);
  console.log(`mismatches:       ${report.mismatches.length}`);
  for (const m of report.mismatches.slice(0, 20)) console.log(`  game ${m.gameId}, command ${m.commandSeq}: ${m.problem}`);
  process.exitCode = report.mismatches.length > 0 ? 1 : 0;
} finally {
  await db.close();
}
