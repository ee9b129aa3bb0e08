// Replays every stored game through the rules and checks the log: `npm run verify`.
// Uses DATABASE_URL, or the embedded Postgres under DATA_DIR (stop `npm start` first).

import { loadConfig } from '../src/config/config.ts';
import { createLogger } from '../src/config/logger.ts';
import { openDatabase } from '../src/db/database.ts';
import { EventStore } from '../src/store/event-store.ts';
import { verifyAll } from '../src/service/verify.ts';

const config = loadConfig();
const db = await openDatabase(config, createLogger('warn'));
try {
  const report = await verifyAll(new EventStore(db.pool));
  console.log(`games checked:    ${report.games}`);
  console.log(`commands checked: ${report.commands}`);
  console.log(`events checked:   ${report.events}`);
  console.log(`mismatches:       ${report.mismatches.length}`);
  for (const m of report.mismatches.slice(0, 20)) console.log(`  game ${m.gameId}, command ${m.commandSeq}: ${m.problem}`);
  process.exitCode = report.mismatches.length > 0 ? 1 : 0;
} finally {
  await db.close();
}
