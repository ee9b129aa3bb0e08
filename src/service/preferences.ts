// A player's preferences, kept with their account: the standing orders their seats start every game
// with, and the time zone their deadlines are shown in. The stored JSON is open: other settings
// (notifications) live beside these and are kept as they are.
//
// The orders are those the registered games declare (GameModule.standingOrders): one setting per
// name across games (e.g. `interrupt` and `defence`, docs/rulings.md R34–R40), each
// with the values any game allows and the default of the first game that names it. When a game
// starts, each seat gets the settings its own game has, where they differ from that game's defaults.

import type { Logger } from '../config/logger.ts';
import type { AccountRecords } from './ports/accounts.ts';
import type { SeatRow } from './ports/records.ts';
import { Refusal } from '../platform/refusal.ts';
import type { Accepted, Submission } from './play.ts';
import { orderSettings, type GameRegistry, type OrderSetting } from './registry.ts';

/** Setting → value, e.g. `{ interrupt: 'ask', defence: 'never' }`. */
export type StandingOrders = Readonly<Record<string, string>>;

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

const DEFAULT_TIME_ZONE = 'UTC';

export class PreferenceBook {
  private readonly settings: ReadonlyMap<string, OrderSetting>;

  private readonly registry: GameRegistry;
  private readonly accounts: AccountRecords;
  private readonly submit: (s: Submission) => Promise<Accepted>;
  private readonly logger?: Logger;

  constructor(
    registry: GameRegistry,
    accounts: AccountRecords,
    /** GameService.submit: standing orders reach a game as a SET_ORDERS command. */
    submit: (s: Submission) => Promise<Accepted>,
    logger?: Logger,
  ) {
    this.registry = registry;
    this.accounts = accounts;
    this.submit = submit;
    this.logger = logger;
    this.settings = orderSettings(registry);
  }

  async get(accountId: string): Promise<Preferences> {
    return this.withDefaults(await this.accounts.preferences(accountId));
  }

  /** Merges `change` into the stored preferences; what it does not name stays as it was. */
  async update(accountId: string, change: PreferencesChange): Promise<Preferences> {
    const timeZone = change.timeZone === undefined ? undefined : canonicalTimeZone(change.timeZone);
    // Other settings (notifications) share the same JSON: the records keep both.
    const next = await this.accounts.changePreferences(accountId, (stored) => {
      const merged: Record<string, unknown> = { ...stored };
      if (change.orders) merged.orders = { ...asObject(stored.orders), ...change.orders };
      if (timeZone) merged.timeZone = timeZone;
      return merged;
    });
    return this.withDefaults(next);
  }

  /**
   * A game has started (after its start committed): each human seat whose owner prefers other
   * orders than the defaults gets them, as the owner's own SET_ORDERS. A seat that could not be
   * given them keeps the defaults; the game goes on.
   */
  async applyAtStart(game: { id: string; module: string }, seats: readonly SeatRow[]): Promise<void> {
    const spec = this.registry.get(game.module)?.standingOrders;
    if (!spec) return;
    const own = spec.schema.properties;
    for (const seat of seats) {
      if (seat.bot || !seat.accountId) continue;
      const { orders } = await this.get(seat.accountId);
      // Only the game's own settings, with values it allows: another game's are not its business.
      const differ = Object.fromEntries(Object.entries(orders).filter(([name, value]) => own[name]?.enum.includes(value) && spec.defaults[name] !== value));
      if (Object.keys(differ).length === 0) continue;
      try {
        await this.submit({ gameId: game.id, author: { account: seat.accountId }, command: { type: spec.command, ...differ } });
      } catch (error) {
        this.logger?.warn({ err: error, gameId: game.id, seat: seat.seat }, 'could not apply preferred standing orders');
      }
    }
  }

  /** The stored preferences with every order setting and the time zone filled in; a value no game allows reads as the default. */
  private withDefaults(stored: Record<string, unknown>): Preferences {
    const orders = asObject(stored.orders);
    const filled: Record<string, string> = {};
    for (const [name, setting] of this.settings) {
      const value = orders[name];
      filled[name] = typeof value === 'string' && setting.values.has(value) ? value : setting.initial;
    }
    return { ...stored, orders: filled, timeZone: typeof stored.timeZone === 'string' ? stored.timeZone : DEFAULT_TIME_ZONE };
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

const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
