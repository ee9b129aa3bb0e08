// The game log in this process's memory, with the contract of `GameLog` (game-log.ts): for tests
// of the service that are not tests of Postgres, and as the contract's second reading. Nothing
// survives the process. Each method completes its change before it first awaits, so a change is
// atomic as the Postgres statement is; `withDueGame` keeps other sweepers off a game as the row
// lock does (appends from elsewhere are still refused by the version check, not made to wait).

import { nextExpiry, type Deadline } from '../clock/deadlines.ts';
import {
  gameSignal,
  IDEMPOTENCY_TTL_HOURS,
  type AppendInput,
  type Appended,
  type GameRow,
  type GameStatus,
  type KeyedCommand,
  type Move,
  type StoredCommand,
  type StoredEvent,
  type UnnotifiedGame,
} from './event-store.ts';
import { IdempotencyKeyTaken, type GameLog, type GameWithSeats, type NotifiedMark } from './game-log.ts';
import type { SeatRow } from './seats.ts';
import type { SeatHandover } from '../service/ports/records.ts';

interface MemoryGame {
  row: GameRow;
  seats: SeatRow[];
  commands: StoredCommand[];
  /** Per command: the version it reached and the deadlines after it (the notifier's news). */
  moves: Move[];
  events: StoredEvent[];
  snapshots: Map<number, unknown>;
  nextDeadline: string | null;
  notifiedVersion: number;
  notifiedDeadlines: Deadline[];
  /** Held by a sweeper (`withDueGame`): other sweepers skip it. */
  held: boolean;
  /** Someone could be told about it (Postgres: `notify_wanted`). */
  listened: boolean;
  /** Per seat: deadlines missed in a row and the version of the last (Postgres: `game_seats.missed_*`). */
  misses: Map<number, { missed: number; version: number }>;
  /** Seats handed to a bot and taken back (Postgres: `seat_handovers`). */
  handovers: SeatHandover[];
}

const clone = <T>(value: T): T => structuredClone(value);

export class MemoryGameLog implements GameLog {
  private readonly games = new Map<string, MemoryGame>();
  private readonly keys = new Map<string, KeyedCommand & { expiresAt: number }>();
  private sequence = 0;

  private readonly now: () => Date;
  private readonly notify: (channel: string, payload: string) => void;

  constructor(
    /** The store's clock (Postgres's `now()` in the other store). */
    now: () => Date = () => new Date(),
    /** Called with each append's signal payload, as NOTIFY delivers it to listeners. */
    notify: (channel: string, payload: string) => void = () => undefined,
  ) {
    this.now = now;
    this.notify = notify;
  }

  /** A game as the lobby leaves it: open, or active with the deadlines of its first situations (news for the notifier). */
  create(input: { module: string; options: object; status: GameStatus; seats: SeatRow[]; deadlines?: Deadline[]; creator?: string | null }): GameRow {
    const now = this.now();
    const id = `00000000-0000-4000-8000-${(++this.sequence).toString(16).padStart(12, '0')}`;
    const deadlines = input.deadlines ?? [];
    const row: GameRow = {
      id,
      module: input.module,
      status: input.status,
      options: clone(input.options) as Record<string, unknown>,
      version: 0,
      deadlines,
      clockRevision: 0,
      seatsRevision: 0,
      creator: input.creator ?? null,
      createdAt: now,
      updatedAt: now,
    };
    this.games.set(id, {
      row,
      seats: clone(input.seats),
      commands: [],
      moves: [],
      events: [],
      snapshots: new Map(),
      nextDeadline: input.status === 'active' ? nextExpiry(deadlines) : null,
      notifiedVersion: input.status === 'active' ? -1 : 0,
      notifiedDeadlines: input.status === 'active' ? clone(deadlines) : [],
      held: false,
      listened: false,
      misses: new Map(),
      handovers: [],
    });
    return clone(row);
  }

  /** Every game and its seats, oldest first (for the in-memory records, memory-records.ts). */
  all(): GameWithSeats[] {
    return [...this.games.values()].map((g) => ({ game: clone(g.row), seats: clone(g.seats) }));
  }

  /** Changes a game's seats in place (a seat claimed, an owner's vacation). */
  changeSeats(gameId: string, change: (seats: SeatRow[]) => void): void {
    const game = this.games.get(gameId);
    if (!game) return;
    change(game.seats);
    // As the Postgres triggers do: a reader holding the seats sees they changed.
    game.row = { ...game.row, seatsRevision: (game.row.seatsRevision ?? 0) + 1 };
  }

  /** An open game starts, as `EventStore.start`: active, its first deadlines running, untold (news for the notifier). */
  start(gameId: string, deadlines: Deadline[], channel: string): void {
    const game = this.games.get(gameId);
    if (!game || game.row.status !== 'open') return;
    game.row = { ...game.row, status: 'active', deadlines: clone(deadlines), updatedAt: this.now() };
    game.nextDeadline = nextExpiry(deadlines);
    game.notifiedVersion = -1;
    game.notifiedDeadlines = clone(deadlines);
    this.notify(channel, gameSignal(gameId, game.row.version, deadlines));
  }

  /** Someone subscribes to the game's news (Postgres: a webhook or a verified address). */
  listen(gameId: string): void {
    const game = this.games.get(gameId);
    if (game) game.listened = true;
  }

  /** Moves the deadlines without an event (a vacation), as `EventStore.moveDeadlines`. */
  moveDeadlines(gameId: string, deadlines: Deadline[]): void {
    const game = this.games.get(gameId);
    if (!game) return;
    game.row = { ...game.row, deadlines: clone(deadlines), clockRevision: game.row.clockRevision + 1 };
    game.nextDeadline = nextExpiry(deadlines);
  }

  /** The command log, as `EventStore.commands`. */
  async commands(gameId: string): Promise<StoredCommand[]> {
    return clone(this.games.get(gameId)?.commands ?? []);
  }

  async read(gameId: string): Promise<GameWithSeats | null> {
    const game = this.games.get(gameId);
    return game ? { game: clone(game.row), seats: clone(game.seats) } : null;
  }

  async snapshot(gameId: string, atMost: number): Promise<{ version: number; state: unknown } | null> {
    const game = this.games.get(gameId);
    const version = Math.max(-1, ...[...(game?.snapshots.keys() ?? [])].filter((v) => v <= atMost));
    return version < 0 ? null : { version, state: clone(game!.snapshots.get(version)) };
  }

  async events(gameId: string, after: number, upTo = 2 ** 31 - 1, limit = 100_000): Promise<StoredEvent[]> {
    return clone((this.games.get(gameId)?.events ?? []).filter((e) => e.seq > after && e.seq <= upTo).slice(0, limit));
  }

  async eventsOfCommand(gameId: string, commandSeq: number): Promise<StoredEvent[]> {
    return clone((this.games.get(gameId)?.events ?? []).filter((e) => e.commandSeq === commandSeq));
  }

  async silentFor(gameId: string, count: number): Promise<boolean> {
    if (count <= 0) return true;
    const last = (this.games.get(gameId)?.commands ?? []).slice(-count);
    return last.length === count && last.every((c) => c.senderKind === 'system');
  }

  async keyed(callerId: string, key: string): Promise<KeyedCommand | null> {
    const found = this.keys.get(keyOf(callerId, key));
    if (!found || found.expiresAt <= this.now().getTime()) return null;
    const { expiresAt: _, ...keyed } = found;
    return keyed;
  }

  async append(read: GameRow, input: AppendInput): Promise<Appended | null> {
    const game = this.games.get(read.id);
    if (!game || game.row.version !== read.version || game.row.clockRevision !== read.clockRevision) return null;
    const key = input.idempotency && keyOf(input.idempotency.callerId, input.idempotency.key);
    if (key && (this.keys.get(key)?.expiresAt ?? 0) > this.now().getTime()) throw new IdempotencyKeyTaken();
    const now = this.now();
    const version = read.version + input.events.length;
    const commandSeq = game.commands.length + 1;
    game.commands.push({
      seq: commandSeq,
      type: input.command.type,
      payload: clone(input.command.payload) as Record<string, unknown>,
      senderKind: input.command.senderKind,
      seat: input.command.seat,
      callerId: input.command.callerId,
      acceptedAt: input.command.acceptedAt ?? now,
    });
    game.moves.push({ version, deadlines: clone(input.deadlines), at: now });
    const events = input.events.map((e, i) => ({ seq: read.version + 1 + i, commandSeq, type: e.type, payload: clone(e.payload) as Record<string, unknown>, createdAt: now }));
    game.events.push(...events);
    if (input.snapshot !== undefined && !game.snapshots.has(version)) game.snapshots.set(version, clone(input.snapshot));
    // Nobody to tell, and everything before told: the cursor moves along with the log.
    if (!game.listened && game.notifiedVersion === read.version) {
      game.notifiedVersion = version;
      game.notifiedDeadlines = clone(input.deadlines);
    }
    game.row = { ...game.row, version, status: input.status, deadlines: clone(input.deadlines), updatedAt: now };
    game.nextDeadline = input.status === 'active' ? nextExpiry(input.deadlines) : null;
    if (key && input.idempotency) {
      this.keys.set(key, {
        requestHash: input.idempotency.requestHash,
        gameId: read.id,
        commandSeq,
        version,
        deadlines: clone(input.deadlines),
        expiresAt: now.getTime() + IDEMPOTENCY_TTL_HOURS * 3600_000,
      });
    }
    const untold = game.notifiedVersion < version;
    this.notify(input.channel, gameSignal(read.id, version, input.deadlines) + (untold ? ':news' : ''));
    return { version, commandSeq, events: clone(events), untold, updatedAt: now };
  }

  async withDueGame<T>(work: (log: GameLog, due: GameWithSeats) => Promise<T>): Promise<{ value: T } | null> {
    const now = this.now().toISOString();
    const due = [...this.games.values()]
      .filter((g) => !g.held && g.row.status === 'active' && g.nextDeadline !== null && g.nextDeadline <= now)
      .sort((a, b) => a.nextDeadline!.localeCompare(b.nextDeadline!))[0];
    if (!due) return null;
    due.held = true;
    try {
      return { value: await work(this, { game: clone(due.row), seats: clone(due.seats) }) };
    } finally {
      due.held = false;
    }
  }

  async recordMisses(gameId: string, seats: readonly number[], version: number, after: number): Promise<number[]> {
    const game = this.games.get(gameId);
    if (!game || after <= 0) return [];
    const handed: number[] = [];
    for (const row of game.seats) {
      if (!seats.includes(row.seat) || row.accountId === null || row.bot || row.absent) continue;
      const last = game.misses.get(row.seat) ?? { missed: 0, version: 0 };
      const acted = game.commands.some((c, i) => c.senderKind === 'seat' && c.seat === row.seat && game.moves[i]!.version > last.version);
      const missed = acted ? 1 : last.missed + 1;
      game.misses.set(row.seat, { missed, version });
      if (missed < after) continue;
      row.absent = true;
      game.handovers.push({ seat: row.seat, kind: 'absent', version, at: this.now() });
      handed.push(row.seat);
    }
    if (handed.length > 0) game.row = { ...game.row, seatsRevision: (game.row.seatsRevision ?? 0) + 1 };
    return handed;
  }

  /** The player takes the seat back, as `takeBack` in seat-handovers.ts. */
  takeBack(gameId: string, seat: number, version: number): void {
    const game = this.games.get(gameId);
    const row = game?.seats.find((s) => s.seat === seat);
    if (!game || !row) return;
    row.absent = false;
    game.misses.set(seat, { missed: 0, version });
    game.handovers.push({ seat, kind: 'returned', version, at: this.now() });
    game.row = { ...game.row, clockRevision: game.row.clockRevision + 1, seatsRevision: (game.row.seatsRevision ?? 0) + 1 };
  }

  /** The game's handovers, oldest first. */
  handovers(gameId: string): SeatHandover[] {
    return clone(this.games.get(gameId)?.handovers ?? []);
  }

  /** An open game called off: gone. */
  remove(gameId: string): void {
    if (this.games.get(gameId)?.row.status === 'open') this.games.delete(gameId);
  }

  async deferExpiry(gameId: string, until: Date | null): Promise<void> {
    const game = this.games.get(gameId);
    if (game) game.nextDeadline = until && until.toISOString();
  }

  async nextDeadline(after?: Date): Promise<Date | null> {
    const times = [...this.games.values()]
      .filter((g) => g.row.status === 'active' && g.nextDeadline !== null && (!after || Date.parse(g.nextDeadline) > after.getTime()))
      .map((g) => g.nextDeadline!);
    return times.length === 0 ? null : new Date(times.sort()[0]!);
  }

  async unnotified(limit: number): Promise<UnnotifiedGame[]> {
    return [...this.games.values()]
      .filter((g) => g.notifiedVersion < g.row.version)
      .sort((a, b) => a.row.updatedAt.getTime() - b.row.updatedAt.getTime())
      .slice(0, limit)
      .map((g) => ({
        id: g.row.id,
        version: g.row.version,
        status: g.row.status,
        deadlines: clone(g.row.deadlines),
        notifiedVersion: g.notifiedVersion,
        notifiedDeadlines: clone(g.notifiedDeadlines),
        updatedAt: g.row.updatedAt,
        wanted: g.listened,
        moves: clone(g.moves.filter((m) => m.version > g.notifiedVersion)),
      }));
  }

  async markNotified(marks: readonly NotifiedMark[]): Promise<string[]> {
    const moved: string[] = [];
    for (const mark of marks) {
      const game = this.games.get(mark.gameId);
      if (!game || game.notifiedVersion !== mark.from) continue;
      game.notifiedVersion = mark.to;
      game.notifiedDeadlines = clone([...mark.deadlines]);
      moved.push(mark.gameId);
    }
    return moved;
  }
}

const keyOf = (callerId: string, key: string) => `${callerId}\u0000${key}`;
