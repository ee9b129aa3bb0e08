// The floor beside the soak (`npm run soak`): the machine's own latency, minute by minute, so that
// the verdict can tell the service slowing down from the machine slowing down (its capacity moves
// threefold between hours, and a 22-minute soak in a slowing hour saw its command p99 rise 21%
// with its p50 and the soak's own event loop). It is `npm run bench:api`'s floor (floor-server.ts):
// a process of its own with the service's framework, appending a fixed command with the service's
// `EventStore.append`, here at twenty commands a second (`--floor-rate`), on a database of its own
// in the soak's Postgres (the same server, disk and cores; the soak's games, their verification
// and its database figures untouched).

import type { Logger } from '../../src/config/logger.ts';
import { siblingDatabase } from './bench-database.ts';
import { FloorClient, floorGames, startFloor, type FloorShape } from './bench-floor.ts';
import { Api, type Service } from './bench-service.ts';
import { Pacer } from './soak-clients.ts';

/**
 * The floor's command, fixed for the whole run (only its latency's drift is read, so it need only
 * stay the same): three events of a Helter Skelter move's size (the soak's commands average 3.6:
 * 226,293 events of 62,462 commands in a default run), and a snapshot of a Helter Skelter state's
 * size (2.7 KB) every 67 commands, the service's every 200 versions.
 */
const SHAPE: FloorShape = {
  events: Array.from({ length: 3 }, (_, i) => ({ type: 'FigureMoved', payload: { figure: `judges-${i}`, from: 'c12', to: 'c13', path: ['c12', 'c13'], actionsLeft: 2 - i } })),
  commandPayload: { type: 'MOVE', figure: 'judges-0', to: 'c13' },
  snapshot: { filler: 'x'.repeat(2_700) },
  snapshotEvery: 67,
};

/** Floor clients, each on a game of its own: enough that a slot seldom waits for an answer at twenty a second. */
const CLIENTS = 4;

export interface SoakFloor {
  /** The command latencies (ms) measured since the last call. */
  take(): number[];
  stop(): Promise<void>;
}

/** Starts the floor on a new database beside `soakDatabaseUrl`'s, driven at `rate` commands a second. */
export async function startSoakFloor(soakDatabaseUrl: string, rate: number, logger: Logger): Promise<SoakFloor> {
  const sibling = await siblingDatabase(soakDatabaseUrl, 'floor', logger);
  let floor: Service | undefined;
  let api: Api | undefined;
  try {
    floor = await startFloor(sibling.url, SHAPE, '2');
    api = new Api(floor.url, CLIENTS);
    const clients = (await floorGames(sibling.url, CLIENTS)).map((id) => new FloorClient(api!, id));
    const pacer = new Pacer();
    let stopping = false;
    let times: number[] = [];
    const record = (kind: 'get' | 'post', ms: number) => kind === 'post' && times.push(ms);
    const loops = clients.map(async (client) => {
      while (!stopping) {
        await pacer.slot();
        if (!stopping) await client.step(record);
      }
    });
    pacer.start(rate);
    const running = Promise.all(loops);
    // A failing floor ends its own loops and is reported at `stop`; the soak goes on.
    running.catch(() => (stopping = true));
    const [startedFloor, startedApi] = [floor, api];
    return {
      take() {
        const taken = times;
        times = [];
        return taken;
      },
      async stop() {
        stopping = true;
        pacer.stop();
        try {
          await running;
        } finally {
          await startedApi.close();
          await startedFloor.stop();
          await sibling.drop();
        }
      },
    };
  } catch (error) {
    await api?.close().catch(() => undefined);
    await floor?.stop().catch(() => undefined);
    await sibling.drop();
    throw error;
  }
}
