// A seat's standing orders (GameModule.standingOrders; docs/rulings.md R34–R40 for the first game):
// private to the seat, so only the player holding it may read or change them. A change is the
// seat's own command named by the game (`SET_ORDERS`); the orders are read back from the seat's
// view, where the game shows them to their owner alone.

import type { GameRecords } from './ports/game-records.ts';
import { isPrivate, type GameRow, type SeatRow } from './ports/records.ts';
import { Refusal, notFound } from '../platform/refusal.ts';
import type { GameStates } from './game-states.ts';
import type { Accepted, Submission } from './play.ts';
import type { AnyGameModule } from './registry.ts';

/** A seat's standing orders: each setting of its game, with its value. */
export type SeatOrderValues = Record<string, string>;

export class SeatOrders {
  private readonly records: GameRecords;
  private readonly states: GameStates;
  private readonly submit: (s: Submission) => Promise<Accepted>;

  constructor(
    records: GameRecords,
    states: GameStates,
    /** GameService.submit. */
    submit: (s: Submission) => Promise<Accepted>,
  ) {
    this.records = records;
    this.states = states;
    this.submit = submit;
  }

  async get(gameId: string, seat: number, accountId: string): Promise<SeatOrderValues> {
    const game = await this.ownSeat(gameId, seat, accountId);
    return this.ordersIn(game, await this.states.at(game), seat);
  }

  async set(gameId: string, seat: number, accountId: string, change: SeatOrderValues): Promise<SeatOrderValues> {
    const spec = ordersOf(this.states.moduleOf(await this.ownSeat(gameId, seat, accountId)));
    const accepted = await this.submit({ gameId, author: { account: accountId }, command: { ...change, type: spec.command } });
    return this.ordersIn(accepted.game, accepted.state, seat);
  }

  /** The game, once the caller is known to hold `seat` in it. */
  private async ownSeat(gameId: string, seat: number, accountId: string): Promise<GameRow> {
    const found = await this.records.read(gameId);
    if (!found) throw notFound(`Game ${gameId}`);
    const row: SeatRow | undefined = found.seats.find((s) => s.seat === seat);
    if (isPrivate(found.game) && !found.seats.some((s) => s.accountId === accountId)) throw notFound(`Game ${gameId}`);
    if (!row) throw new Refusal('not-found', 'NOT_A_SEAT', `Game ${gameId} has no seat ${seat}.`);
    if (row.accountId !== accountId) throw new Refusal('forbidden', 'NOT_YOUR_SEAT', `Seat ${seat} is not yours: standing orders are private to their seat.`);
    return found.game;
  }

  private ordersIn(game: GameRow, state: unknown, seat: number): SeatOrderValues {
    const spec = ordersOf(this.states.moduleOf(game));
    const view = this.states.moduleOf(game).view(state, seat) as { seats?: { seat: number; orders?: SeatOrderValues }[] };
    const orders = view.seats?.find((s) => s.seat === seat)?.orders;
    return Object.fromEntries(Object.keys(spec.schema.properties).map((name) => [name, orders?.[name] ?? spec.defaults[name]!]));
  }
}

/** The game's standing orders; a game without them has none to read or change. */
function ordersOf(module: AnyGameModule) {
  if (!module.standingOrders) throw new Refusal('not-found', 'NO_STANDING_ORDERS', `${module.title} has no standing orders.`);
  return module.standingOrders;
}
