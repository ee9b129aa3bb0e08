// A player's preferences, kept with their account: the standing orders their seats start every game
// with (docs/rulings.md R34–R40, standing orders), and the time zone their deadlines are shown in.
// The stored JSON is open: other settings (notifications) live beside these and are kept as they
// are.

import type { Logger } from '../config/logger.ts';
import { lockAccountRow, type PrismaClient, type PrismaJsonInput } from '../db/prisma.ts';
import type { SeatRow } from '../store/seats.ts';
import { Refusal } from './errors.ts';
import type { Accepted, Submission } from './play.ts';

export type InterruptOrder = 'ask' | 'never' | 'endOfTurnOnly';
export type DefenceOrder = 'ask' | 'always' | 'never';

export interface StandingOrders {
  interrupt: InterruptOrder;
  defence: DefenceOrder;
}

export interface Preferences {
  /** The orders each of your seats gets when a game starts. */
  orders: StandingOrders;
  /** An IANA time zone, e.g. `Europe/London`. */
  timeZone: string;
  /** Settings kept by other parts of the service (notifications), stored as they are. */
  [other: string]: unknown;
}

export interface PreferencesChange {
  orders?: Partial<StandingOrders>;
  timeZone?: string;
}

export const DEFAULT_ORDERS: StandingOrders = { interrupt: 'ask', defence: 'ask' };
export const DEFAULT_PREFERENCES: Preferences = { orders: DEFAULT_ORDERS, timeZone: 'UTC' };

export class PreferenceBook {
  constructor(
    private readonly prisma: PrismaClient,
    /** GameService.submit: standing orders reach a game as a SET_ORDERS command. */
    private readonly submit: (s: Submission) => Promise<Accepted>,
    private readonly logger?: Logger,
  ) {}

  async get(accountId: string): Promise<Preferences> {
    const row = await this.prisma.account.findUnique({ where: { id: accountId }, select: { preferences: true } });
    return withDefaults(asObject(row?.preferences));
  }

  /** Merges `change` into the stored preferences; what it does not name stays as it was. */
  async update(accountId: string, change: PreferencesChange): Promise<Preferences> {
    const timeZone = change.timeZone === undefined ? undefined : canonicalTimeZone(change.timeZone);
    return this.prisma.$transaction(async (tx) => {
      // Other settings (notifications) are merged into the same JSON: the row lock keeps both.
      await lockAccountRow(tx, accountId);
      const row = await tx.account.findUnique({ where: { id: accountId }, select: { preferences: true } });
      const stored = asObject(row?.preferences);
      const next: Record<string, unknown> = { ...stored };
      if (change.orders) next.orders = { ...asObject(stored.orders), ...change.orders };
      if (timeZone) next.timeZone = timeZone;
      await tx.account.updateMany({ where: { id: accountId }, data: { preferences: JSON.parse(JSON.stringify(next)) as PrismaJsonInput } });
      return withDefaults(next);
    });
  }

  /**
   * A game has started (after its start committed): each human seat whose owner prefers other
   * orders than the defaults gets them, as the owner's own SET_ORDERS. A seat that could not be
   * given them keeps the defaults; the game goes on.
   */
  async applyAtStart(gameId: string, seats: readonly SeatRow[]): Promise<void> {
    for (const seat of seats) {
      if (seat.bot || !seat.accountId) continue;
      const { orders } = await this.get(seat.accountId);
      const differ = Object.fromEntries(Object.entries(orders).filter(([k, v]) => DEFAULT_ORDERS[k as keyof StandingOrders] !== v));
      if (Object.keys(differ).length === 0) continue;
      try {
        await this.submit({ gameId, author: { account: seat.accountId }, command: { type: 'SET_ORDERS', ...differ } });
      } catch (error) {
        this.logger?.warn({ err: error, gameId, seat: seat.seat }, 'could not apply preferred standing orders');
      }
    }
  }
}

/** The zone as Intl names it (`europe/london` → `Europe/London`); refused when Intl knows no such zone. */
export function canonicalTimeZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw new Refusal('invalid', 'INVALID_TIME_ZONE', `"${timeZone}" is not an IANA time zone (e.g. "Europe/London", "UTC").`);
  }
}

function withDefaults(stored: Record<string, unknown>): Preferences {
  const orders = asObject(stored.orders);
  return {
    ...stored,
    orders: {
      interrupt: (orders.interrupt as InterruptOrder | undefined) ?? DEFAULT_ORDERS.interrupt,
      defence: (orders.defence as DefenceOrder | undefined) ?? DEFAULT_ORDERS.defence,
    },
    timeZone: typeof stored.timeZone === 'string' ? stored.timeZone : DEFAULT_PREFERENCES.timeZone,
  };
}

const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
