// The peer of `npm run bench:peer`: boardgame.io 0.50's own server (Koa and socket.io) storing its
// matches in Postgres through bgio-postgres (Sequelize), as a boardgame.io deployment with a
// database runs. A process of its own, like the service.
//
//   DATABASE_URL=… PORT=… node scripts/support/peer-server.ts

import { createRequire } from 'node:module';
import { PostgresStore } from 'bgio-postgres';
import { TALLY } from './peer-game.ts';

// boardgame.io 0.50 has no `exports` map: `boardgame.io/server` is a directory only require() resolves.
const { Origins, Server } = createRequire(import.meta.url)('boardgame.io/server') as typeof import('boardgame.io/server');

const db = new PostgresStore(process.env.DATABASE_URL!, { logging: false });
// Its clients run in the bench's process, not a browser: the origin is only set to keep the server quiet.
const server = Server({ games: [TALLY], db, origins: [Origins.LOCALHOST] });
const running = await server.run(Number(process.env.PORT));
process.stdout.write('peer ready\n');
process.once('SIGTERM', () => {
  void server.kill(running);
  process.exit(0);
});
