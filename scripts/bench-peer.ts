// The service beside boardgame.io, the framework people reach for to put a board game online, on
// the same database in the same run, in alternating rounds:
//
//   npm run bench:peer                                 # embedded Postgres (durable, as `npm start` runs it)
//   DATABASE_URL=postgres://… npm run bench:peer       # a database created (and dropped) on that server
//   npm run bench:peer -- --rounds 3 --matches 32 --duration 15 --warmup 4
//
// - the service (`src/main.ts`): `--matches` clients, each with two accounts and a 2-player Helter
//   Skelter game, play over HTTP as `npm run bench:api` does (read as the awaited seat, POST one of
//   its `legalCommands`, `Prefer: return=representation`); a move is a POST, timed until its answer;
// - the peer: boardgame.io 0.50.2's server with bgio-postgres (`scripts/support/peer-server.ts`), its
//   own process. `--matches` 4-player matches of the least turn-based game there is
//   (`scripts/support/peer-game.ts`: one move a turn), each seat a boardgame.io client over
//   socket.io, as a browser would be; the seat whose turn it is moves as soon as it hears so. The move
//   runs on the server only (`client: false`), so a move is timed from the call until the server's
//   update reaches the mover.
//
// Both flat out, measured for `--duration` seconds after `--warmup`; odd rounds measure the service
// first, even rounds the peer first. Last line, the medians of the rounds' ratios and rates:
//   bench:peer throughput_ratio=T p99_ratio=X service=S/s peer=P/s
// T: the service's moves/s over the peer's; X: the peer's p99 over the service's (both ≥ 5 is the goal:
// the service at least five times ahead on each).

import os from 'node:os';
import { parseArgs } from 'node:util';
import { LobbyClient } from 'boardgame.io/client';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { createLogger } from '../src/config/logger.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { Api, cpuMeter, flatOut, newPlayers, percentile, say, sleep, startScriptServer, startService, type CpuUse, type Player, type Service } from './support/bench-service.ts';
import { TALLY } from './support/peer-game.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    matches: { type: 'string', default: '32' },
    duration: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '4' },
  },
});
const ROUNDS = Math.max(1, Number(args.rounds));
const MATCHES = Number(args.matches);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const SEATS = 4;
const GOAL = 5;

interface Measured {
  count: number;
  seconds: number;
  latencies: number[];
  cpu: CpuUse;
}

/** The peer's server on a free port. */
function startPeer(databaseUrl: string): Promise<Service> {
  return startScriptServer('peer-server.ts', { DATABASE_URL: databaseUrl }, 'peer ready');
}

/** One seat of a peer match: moves whenever the server says it is its turn, and times each move. */
class PeerSeat {
  private moving: number | null = null;
  private readonly client;

  readonly playerID: string;
  private readonly onMoved: (ms: number) => void;

  constructor(server: string, matchID: string, playerID: string, credentials: string, onMoved: (ms: number) => void) {
    this.playerID = playerID;
    this.onMoved = onMoved;
    this.client = Client({ game: TALLY, multiplayer: SocketIO({ server }), matchID, playerID, credentials, debug: false });
  }

  start(isRunning: () => boolean): void {
    this.client.subscribe((state) => {
      if (!state || !isRunning()) return;
      const mine = state.ctx.currentPlayer === this.playerID;
      if (this.moving !== null && !mine) {
        this.onMoved(performance.now() - this.moving);
        this.moving = null;
      }
      if (mine && this.moving === null) {
        this.moving = performance.now();
        this.play();
      }
    });
    this.client.start();
  }

  /** A seat stopped mid-move is started again by its next update. */
  resume(): void {
    this.moving = null;
    const state = this.client.getState();
    if (state?.ctx.currentPlayer === this.playerID) {
      this.moving = performance.now();
      this.play();
    }
  }

  stop(): void {
    this.client.stop();
  }

  private play(): void {
    const play = this.client.moves.play;
    if (!play) throw new Error('the peer game has no move "play"');
    play(1);
  }
}

async function peerMatches(server: string, record: (ms: number) => void): Promise<PeerSeat[]> {
  const lobby = new LobbyClient({ server });
  const seats: PeerSeat[] = [];
  for (let m = 0; m < MATCHES; m++) {
    const { matchID } = await lobby.createMatch('tally', { numPlayers: SEATS });
    for (let s = 0; s < SEATS; s++) {
      const { playerCredentials } = await lobby.joinMatch('tally', matchID, { playerID: String(s), playerName: `p${s}` });
      seats.push(new PeerSeat(server, matchID, String(s), playerCredentials, record));
    }
  }
  return seats;
}

const logger = createLogger('warn');
const rate = (m: Measured) => m.count / m.seconds;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (values: readonly number[]) => percentile(values, 50);
const p99 = (m: Measured) => percentile(m.latencies, 99);
const cpuPer = (m: Measured) => `${((1000 * (m.cpu.service + m.cpu.database)) / m.count).toFixed(2)} ms (process ${((1000 * m.cpu.service) / m.count).toFixed(2)}, database ${((1000 * m.cpu.database) / m.count).toFixed(2)})`;

const database = await openBenchDatabase(logger, 'hs_peer');
let service: Service | undefined;
let peer: Service | undefined;
let api: Api | undefined;
let seats: PeerSeat[] = [];
try {
  say(`database: ${database.where}`);
  say(`machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)} before the run; ${ROUNDS} rounds`);
  service = await startService({ databaseUrl: database.url });
  peer = await startPeer(database.url);
  api = new Api(service.url, MATCHES);
  say(`the service: registering ${MATCHES * 2} accounts and starting ${MATCHES} games…`);
  const players: Player[] = await newPlayers(api, MATCHES);
  let measuring = false;
  let peerRunning = false;
  let peerLatencies: number[] = [];
  say(`the peer: creating ${MATCHES} matches of ${SEATS} seats…`);
  seats = await peerMatches(peer.url, (latency) => measuring && peerLatencies.push(latency));
  for (const seat of seats) seat.start(() => peerRunning);
  const meterOf = (pid: number) => cpuMeter(() => ({ service: [pid], database: database.pids() }));

  const measureService = async (): Promise<Measured> => {
    const latencies: number[] = [];
    const load = flatOut(players, (kind, value) => measuring && kind === 'post' && latencies.push(value));
    await sleep(WARMUP_S * 1000);
    const meter = meterOf(service!.pid);
    meter.begin();
    measuring = true;
    const started = performance.now();
    await sleep(DURATION_S * 1000);
    measuring = false;
    const seconds = (performance.now() - started) / 1000;
    const cpu = meter.end();
    await load.stop();
    return { count: latencies.length, seconds, latencies, cpu };
  };
  const measurePeer = async (): Promise<Measured> => {
    peerLatencies = [];
    peerRunning = true;
    for (const seat of seats) seat.resume();
    await sleep(WARMUP_S * 1000);
    const meter = meterOf(peer!.pid);
    meter.begin();
    measuring = true;
    const started = performance.now();
    await sleep(DURATION_S * 1000);
    measuring = false;
    const seconds = (performance.now() - started) / 1000;
    const cpu = meter.end();
    peerRunning = false;
    await sleep(500); // the moves in flight land
    return { count: peerLatencies.length, seconds, latencies: peerLatencies, cpu };
  };

  const rounds: { service: Measured; peer: Measured }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    say(`\nround ${round} of ${ROUNDS}: ${round % 2 === 1 ? 'the service, then the peer' : 'the peer, then the service'}, ${WARMUP_S} s unmeasured and ${DURATION_S} s measured each`);
    let s: Measured;
    let p: Measured;
    if (round % 2 === 1) {
      s = await measureService();
      p = await measurePeer();
    } else {
      p = await measurePeer();
      s = await measureService();
    }
    rounds.push({ service: s, peer: p });
    say(`  service   ${rate(s).toFixed(0)} moves/s, p50 ${ms(percentile(s.latencies, 50))} p99 ${ms(p99(s))}; CPU per move ${cpuPer(s)}`);
    say(`  peer      ${rate(p).toFixed(0)} moves/s, p50 ${ms(percentile(p.latencies, 50))} p99 ${ms(p99(p))}; CPU per move ${cpuPer(p)}`);
  }
  const T = median(rounds.map((r) => rate(r.service) / rate(r.peer)));
  const X = median(rounds.map((r) => p99(r.peer) / p99(r.service)));
  const S = median(rounds.map((r) => rate(r.service)));
  const P = median(rounds.map((r) => rate(r.peer)));
  say('');
  say(`medians of ${ROUNDS} rounds: the service does ${T.toFixed(1)}× the peer's moves/s (goal ≥ ${GOAL}: ${T >= GOAL ? 'met' : 'MISSED'}); the peer's p99 is ${X.toFixed(1)}× the service's (goal ≥ ${GOAL}: ${X >= GOAL ? 'met' : 'MISSED'})`);
  say(`bench:peer throughput_ratio=${T.toFixed(2)} p99_ratio=${X.toFixed(2)} service=${S.toFixed(0)}/s peer=${P.toFixed(0)}/s`);
} finally {
  for (const seat of seats) seat.stop();
  await api?.close().catch(() => undefined);
  await service?.stop().catch(() => undefined);
  await peer?.stop().catch(() => undefined);
  await database.close();
}
