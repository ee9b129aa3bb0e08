// The soak's players (`npm run soak`): each scripted client holds one account and plays one game
// at a time against the server's bots, over HTTP, always the same one of the three registered games
// (the clients spread evenly over them). A client waits for its turn either by following its
// game's event stream (SSE) or by reading the game again; it sends each command when the pacer
// gives it a slot, so that all clients together send at a steady rate; now and then it writes at
// the table; some hold a per-game webhook to the soak's receiver; and in games with short clocks
// some let a window expire, so that the deadline sweeper works too.

import { Pool as HttpPool } from 'undici';
import { gameRegistry } from '../../src/service/registry.ts';
import { chooser, register, sleep, type Api, type GameView } from './bench-service.ts';

/** What each game is created with: seat 0 is the client's, every other seat a bot's. */
const TABLES: Record<string, Record<string, unknown>> = {
  'helter-skelter': { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] },
  'block-war': { seats: [{ block: 'Rick Whitely' }, { block: 'Ella Fitzgerald', bot: true }, { block: 'Alan Turing', bot: true }] },
  miniatures: { scenario: 'barko-brothers', seats: [{}, { bot: true }] },
};
export const SOAKED_GAMES = Object.keys(TABLES);

/** Seconds per situation for the games whose clocks run (every situation of the game). */
function shortClock(game: string, seconds: number): Record<string, number> {
  const module = gameRegistry().get(game)!;
  return Object.fromEntries(Object.keys(module.situations).map((situation) => [situation, seconds]));
}

/** The route templates the clients time, as /metrics names them. */
export type Route = 'POST /v1/games' | 'GET /v1/games/:id' | 'POST /v1/games/:id/commands' | 'POST /v1/games/:id/chat' | 'POST /v1/webhooks' | 'POST /v1/games/:id/seats/:seat/return';
export type RouteRecorder = (route: Route, ms: number) => void;

/**
 * Hands out send slots at a steady rate, first come first served, the urgent first but never two
 * slots in a row while others wait: clients on short clocks want a slot after every command, and
 * were they always first, a few hundred of them would take every slot and the others would never
 * send (nor their games move, nor their webhooks fire).
 */
export class Pacer {
  private readonly waiting: (() => void)[] = [];
  private readonly urgent: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private lastWasUrgent = false;
  /** Slots that found no client waiting (the clients, not the service, held the rate back). */
  idle = 0;
  slots = 0;

  start(rate: number): void {
    const gap = 1000 / rate;
    const started = performance.now();
    let given = 0;
    // A timer every 10 ms hands out every slot that fell due since, so the rate holds whatever the timers' jitter.
    this.timer = setInterval(() => {
      const due = Math.floor((performance.now() - started) / gap);
      for (; given < due; given++) {
        this.slots += 1;
        // The urgent go first, but not twice in a row while others wait.
        const urgent = this.urgent.length > 0 && (!this.lastWasUrgent || this.waiting.length === 0);
        const next = urgent ? this.urgent.shift() : this.waiting.shift();
        this.lastWasUrgent = urgent;
        if (next) next();
        else this.idle += 1;
      }
    }, 10);
  }

  /** The next free slot (`urgent`: before every other waiting client's); at once once stopped (the caller then sees the soak ending). */
  slot(urgent = false): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => (urgent ? this.urgent : this.waiting).push(resolve));
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    for (const next of [...this.urgent.splice(0), ...this.waiting.splice(0)]) next();
  }
}

export interface ClientShare {
  /** Clients that follow their game's event stream instead of reading it again. */
  followers: number;
  /** Clients whose games carry a webhook to the receiver. */
  hooked: number;
  /** Clients whose games have short clocks, and who let some windows expire. */
  clocked: number;
  /** A command's chance of being followed by a chat message. */
  chat: number;
}

export interface ClientOptions {
  api: Api;
  /** For the event streams: one connection each. */
  streams: HttpPool;
  pacer: Pacer;
  record: RouteRecorder;
  hookUrl: string;
  /** The soak is ending: finish the current step and return. */
  stopping(): boolean;
  /** Aborted when the soak ends: ends the event streams followed. */
  stopped: AbortSignal;
}

export interface ClientCounts {
  commands: number;
  refused: number;
  finished: number;
  chats: number;
  expiriesAwaited: number;
  /** Answers 503 (the database busy or unreachable), each retried a second later. */
  unavailable: number;
  /** Seats taken back from the bot that played them after three deadlines passed in a row. */
  seatsTakenBack: number;
}

const counts: ClientCounts = { commands: 0, refused: 0, finished: 0, chats: 0, expiriesAwaited: 0, unavailable: 0, seatsTakenBack: 0 };
export const clientCounts = (): Readonly<ClientCounts> => counts;

/** Every game a client started, for the verification at the end. */
export const startedGames = new Set<string>();

const CHAT_LINES = ['Nice shot, Judge.', 'Your move, creep.', 'I am the law!', 'Gg', 'Drokk it.', 'Stomm!'];
/**
 * The short clocks' seconds a situation. A clocked client waits for every other slot at most: at
 * 2,000 clients, 15 slots a second, its 200 clocked ones each get one about every 27 s.
 */
const SHORT_CLOCK_S = 60;

export class SoakClient {
  private token = '';
  private game = '';
  private hook: string | null = null;
  private represented: GameView | null = null;
  private readonly next: (n: number) => number;
  private readonly kind: string;
  readonly follows: boolean;
  readonly hooked: boolean;
  readonly clocked: boolean;

  private readonly index: number;
  private readonly options: ClientOptions;

  constructor(
    index: number,
    options: ClientOptions,
    share: ClientShare,
  ) {
    this.index = index;
    this.options = options;
    this.next = chooser(7919 * (index + 1));
    this.kind = SOAKED_GAMES[index % SOAKED_GAMES.length]!;
    // Spread each share over the clients evenly, and over the three games.
    const has = (fraction: number, salt: number) => Math.floor((index + salt) * fraction) !== Math.floor((index + salt - 1) * fraction);
    this.follows = has(share.followers, 0);
    this.hooked = has(share.hooked, 1);
    this.clocked = has(share.clocked, 2);
    this.chatChance = share.chat;
  }

  private readonly chatChance: number;

  async register(): Promise<void> {
    this.token = await register(this.options.api, 'soak');
  }

  async newGame(): Promise<void> {
    const { record } = this.options;
    let started = performance.now();
    const options = { ...TABLES[this.kind]!, ...(this.clocked ? { clock: shortClock(this.kind, SHORT_CLOCK_S) } : {}) };
    const created = await this.call<{ id: string }>('POST', '/v1/games', this.token, { game: this.kind, options, seat: 0 });
    record('POST /v1/games', performance.now() - started);
    if (created.status !== 201) throw new Error(`create ${this.kind}: ${created.status} ${JSON.stringify(created.body)}`);
    this.game = created.body.id;
    startedGames.add(this.game);
    this.represented = null;
    if (this.hooked) {
      await this.dropHook();
      started = performance.now();
      const hook = await this.call<{ id: string }>('POST', '/v1/webhooks', this.token, { url: this.options.hookUrl, gameId: this.game });
      record('POST /v1/webhooks', performance.now() - started);
      if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
      this.hook = hook.body.id;
    }
  }

  /** Plays until the soak ends: a new game whenever one is over. */
  async run(): Promise<void> {
    try {
      await this.play();
    } catch (error) {
      if (!(error instanceof Stopping)) throw error;
    }
  }

  private async play(): Promise<void> {
    await this.newGame();
    while (!this.options.stopping()) {
      const game = await this.turn();
      if (!game) continue;
      if (this.clocked && this.next(4) === 0) {
        // Away from the table: the window expires and the sweeper acts for the seat.
        const deadline = Date.parse(game.awaiting.find((a) => a.seat === 0)?.deadline ?? '');
        if (Number.isFinite(deadline)) {
          counts.expiriesAwaited += 1;
          await this.until(deadline + 500);
          continue;
        }
      }
      // Any legal command alike (ending a turn is one among many), so that a turn lasts about as
      // long as a bot's: a client that picked a command type first would end its turns at once,
      // each of its moves would be followed by up to a hundred of the bots' (Block War's steps),
      // and the soak's rate would be the bots' flat out, not the pacer's. Never giving up.
      const choices = game.legalCommands.filter((c) => !(game.givingUp ?? []).includes(c.type));
      const command = choices[this.next(choices.length)];
      if (!command) continue;
      // A client on a short clock goes before the others (every other slot while they wait):
      // waiting its turn among them (minutes when 2,000 clients wait) would let every window
      // expire, and after three in a row its seat would go to a bot, which plays flat out while
      // nobody is at the table.
      await this.options.pacer.slot(this.clocked);
      if (this.options.stopping()) return;
      await this.send({ ...command, expectedVersion: game.version });
      if (this.next(1000) < this.chatChance * 1000) await this.chat();
    }
    await this.dropHook();
  }

  /** The finished game's webhook goes (an account holds at most 20). */
  private async dropHook(): Promise<void> {
    if (!this.hook) return;
    const response = await this.options.api.http.request({ method: 'DELETE', path: `/v1/webhooks/${this.hook}`, headers: { authorization: `Bearer ${this.token}` } });
    await response.body.text();
    if (response.statusCode !== 204) throw new Error(`webhook delete: ${response.statusCode}`);
    this.hook = null;
  }

  /** The game once seat 0 is awaited (null: it ended and a new one began, or the soak is ending). */
  private async turn(): Promise<GameView | null> {
    let game = this.represented;
    this.represented = null;
    for (;;) {
      game ??= await this.read();
      if (game.status !== 'active') {
        if (game.status !== 'waiting') {
          counts.finished += 1;
          await this.newGame();
          return null;
        }
      } else if (game.awaiting.some((a) => a.seat === 0) && game.legalCommands.length > 0) return game;
      if (this.options.stopping()) return null;
      await this.wait(game.version);
      game = null;
    }
  }

  /** Until the game moves on from `version`: its event stream says so, or a short pause before reading again. */
  private async wait(version: number): Promise<void> {
    if (!this.follows) return sleep(200);
    const abort = new AbortController();
    const timeout = setTimeout(() => abort.abort(), 30_000);
    try {
      const response = await this.options.streams.request({
        method: 'GET',
        path: `/v1/games/${this.game}/stream`,
        headers: { authorization: `Bearer ${this.token}`, 'last-event-id': String(version), accept: 'text/event-stream' },
        signal: AbortSignal.any([abort.signal, this.options.stopped]),
      });
      if (response.statusCode !== 200) {
        await response.body.text();
        return sleep(200);
      }
      // The first message after `version` (an `id:` line) means the game moved.
      let text = '';
      for await (const chunk of response.body) {
        text += String(chunk);
        if (/^id: /m.test(text)) break;
        if (text.length > 65536) text = text.slice(-1024);
      }
      response.body.destroy();
    } catch {
      // aborted after 30 s without news: read again
    } finally {
      clearTimeout(timeout);
      abort.abort();
    }
  }

  private async until(at: number): Promise<void> {
    while (!this.options.stopping() && Date.now() < at) await sleep(Math.min(1000, at - Date.now()));
  }

  private async send(body: object): Promise<void> {
    const { record } = this.options;
    const started = performance.now();
    const sent = await this.call<{ version: number; awaiting?: { seat: number }[]; game?: GameView }>('POST', `/v1/games/${this.game}/commands`, this.token, body, {
      prefer: 'return=representation',
    });
    record('POST /v1/games/:id/commands', performance.now() - started);
    if (sent.status === 200) {
      counts.commands += 1;
      if (sent.body.game && sent.body.awaiting?.some((a) => a.seat === 0)) this.represented = sent.body.game;
      return;
    }
    // A window closed or the game moved meanwhile (its clock, a bot): read again. Anything else is the service's fault.
    if (sent.status === 409 || sent.status === 422) {
      counts.refused += 1;
      // Back at the table after letting its deadlines pass: the seat went to a bot; take it back, as a player would.
      if ((sent.body as { code?: string }).code === 'SEAT_ABSENT') await this.takeSeatBack();
      return;
    }
    throw new Error(`command: ${sent.status} ${JSON.stringify(sent.body)}`);
  }

  private async takeSeatBack(): Promise<void> {
    const { record } = this.options;
    const started = performance.now();
    const back = await this.call('POST', `/v1/games/${this.game}/seats/0/return`, this.token);
    record('POST /v1/games/:id/seats/:seat/return', performance.now() - started);
    if (back.status === 200) counts.seatsTakenBack += 1;
    // 409: a bot's command came first, or the seat was already back; the next read shows which.
    else if (back.status !== 409) throw new Error(`take the seat back: ${back.status} ${JSON.stringify(back.body)}`);
  }

  private async chat(): Promise<void> {
    const { record } = this.options;
    const started = performance.now();
    const posted = await this.call('POST', `/v1/games/${this.game}/chat`, this.token, { text: CHAT_LINES[this.next(CHAT_LINES.length)] });
    record('POST /v1/games/:id/chat', performance.now() - started);
    if (posted.status === 201) counts.chats += 1;
    else if (posted.status !== 429) throw new Error(`chat: ${posted.status} ${JSON.stringify(posted.body)}`);
  }

  /**
   * A request; a 503 (the database busy or unreachable: nothing was changed) is counted and sent
   * again a second later, as a client following `retry-after` would.
   */
  private async call<T>(method: 'GET' | 'POST', pathname: string, token: string, body?: unknown, extra?: Record<string, string>): Promise<{ status: number; body: T }> {
    for (let attempt = 1; ; attempt++) {
      const answer = await this.options.api.call<T>(method, pathname, token, body, extra);
      // A service too busy to answer while the soak ends: this client is done, nothing went wrong.
      if (answer.status === 503 && this.options.stopping()) throw new Stopping();
      if (answer.status !== 503 || attempt === 60) return answer;
      counts.unavailable += 1;
      await sleep(1000);
    }
  }

  private async read(): Promise<GameView> {
    const started = performance.now();
    const res = await this.call<GameView>('GET', `/v1/games/${this.game}`, this.token);
    this.options.record('GET /v1/games/:id', performance.now() - started);
    if (res.status !== 200) throw new Error(`read: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  get id(): number {
    return this.index;
  }
}

/** Thrown out of a client's request when the soak is ending and the service answered 503. */
class Stopping extends Error {}
