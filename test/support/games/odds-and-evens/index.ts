// Odds and evens: a second game module, for tests only. It shows that a game
// plugs into the platform through GameModule alone: its own situations and clocks, its own words
// for notifications, its own schemas, a hidden pick and a timed response with a default.
//
// Two seats, one playing `odd`, one `even`. Both pick a number from 1 to 5 at once, in secret
// (situation `pick`). Once both have picked, seat 0 — still blind to the other pick — may RAISE
// the stakes or not (situation `respond`); when its deadline passes it does not. Then the picks
// are shown: the seat whose side matches the parity of the sum wins, 1 point, 2 if raised.
// A pick not made in time is 1. Standing orders: `respond: 'ask' | 'never'` (`never`: seat 0 is
// not asked and never raises).
//
// Pure like every module: no clock, no I/O, no randomness.

import { ok, refuse, RuleError, type Awaited, type Decision, type GameModule, type Seat, type Sender, type SituationSpec } from '../../../../src/platform/game-module.ts';

export type Side = 'odd' | 'even';
export type RespondOrder = 'ask' | 'never';

export interface Setup {
  sides: Side[];
}

export interface State {
  sides: Side[];
  phase: 'pick' | 'respond' | 'over';
  windowId: string;
  picks: (number | null)[];
  raised: boolean | null;
  orders: { respond: RespondOrder }[];
  winner: Seat | null;
}

export type Command =
  | { type: 'PICK'; number: number; windowId?: string }
  | { type: 'RESPOND'; raise: boolean; windowId?: string }
  | { type: 'SET_ORDERS'; respond: RespondOrder }
  | { type: 'EXPIRE_WINDOW'; windowId: string };

export type Event =
  | { type: 'Picked'; seat: Seat; number: number; byServer: boolean }
  | { type: 'ResponseAsked'; windowId: string; seat: Seat }
  | { type: 'Responded'; seat: Seat; raise: boolean; byServer: boolean }
  | { type: 'OrdersSet'; seat: Seat; orders: { respond: RespondOrder } }
  | { type: 'GameEnded'; picks: number[]; sum: number; winner: Seat; stakes: number };

export type VisibleEvent = Event | { type: 'Picked'; seat: Seat } | { type: 'OrdersSet' };

export interface View {
  phase: State['phase'];
  windowId: string | null;
  viewer: Seat | null;
  seats: { seat: Seat; side: Side; picked: boolean; pick?: number | null; orders?: { respond: RespondOrder } }[];
  raised: boolean | null;
  winner: Seat | null;
}

const SIDES: readonly Side[] = ['odd', 'even'];
const RESPOND_ORDERS: readonly RespondOrder[] = ['ask', 'never'];
const PICK_WINDOW = 'w1';
const RESPOND_WINDOW = 'w2';
const DEFAULT_PICK = 1;

const SECOND = 1000;
const HOUR = 3600 * SECOND;

export const situations = {
  pick: {
    description: 'Both seats pick a number, in secret. When the deadline passes, the server picks 1.',
    durations: { live: 60 * SECOND, daily: 24 * HOUR, weekly: 72 * HOUR },
    words: { label: 'secret pick', subject: 'Pick a number in {title}', ask: 'Pick a number from 1 to 5: nobody sees it until both have picked.', summary: 'The picking has begun.' },
  },
  respond: {
    description: 'Seat 0 may raise the stakes before the picks are shown. When the deadline passes, it does not.',
    durations: { live: 20 * SECOND, daily: 2 * HOUR, weekly: 12 * HOUR },
    words: { label: 'chance to raise', subject: 'Raise or not in {title}', ask: 'Both have picked: raise the stakes, or let the picks be shown.', summary: 'Both seats have picked.' },
  },
} as const satisfies Record<string, SituationSpec>;

// ───────────────────────────── rules ─────────────────────────────

function createSetup(options: Record<string, unknown>): Setup | RuleError {
  const seats = options.seats;
  if (!Array.isArray(seats) || seats.length !== 2) return new RuleError('BAD_PLAYER_COUNT', 'Odds and evens is for two seats.');
  const sides = seats.map((s) => (s as { side?: unknown })?.side);
  if (!sides.every((side): side is Side => SIDES.includes(side as Side)) || sides[0] === sides[1])
    return new RuleError('INVALID_OPTIONS', 'One seat plays `odd`, the other `even`.');
  return { sides };
}

function initialState(setup: Setup): State {
  return { sides: [...setup.sides], phase: 'pick', windowId: PICK_WINDOW, picks: [null, null], raised: null, orders: [{ respond: 'ask' }, { respond: 'ask' }], winner: null };
}

function evolve(s: State, e: Event): State {
  switch (e.type) {
    case 'Picked':
      return { ...s, picks: s.picks.map((p, seat) => (seat === e.seat ? e.number : p)) };
    case 'ResponseAsked':
      return { ...s, phase: 'respond', windowId: e.windowId };
    case 'Responded':
      return { ...s, raised: e.raise };
    case 'OrdersSet':
      return { ...s, orders: s.orders.map((o, seat) => (seat === e.seat ? { ...e.orders } : o)) };
    case 'GameEnded':
      return { ...s, phase: 'over', winner: e.winner };
  }
}

const replay = (state: State, events: readonly Event[]): State =>
  events.reduce(evolve, {
    sides: [...state.sides],
    phase: state.phase,
    windowId: state.windowId,
    picks: [...state.picks],
    raised: state.raised,
    orders: state.orders.map((o) => ({ respond: o.respond })),
    winner: state.winner,
  });

/** What happens once both have picked (`picks` complete): ask seat 0, or end at once. */
function afterPicks(s: State, picks: number[]): Event[] {
  if (s.orders[0]!.respond === 'never') return [{ type: 'Responded', seat: 0, raise: false, byServer: true }, ended(s, picks, false)];
  return [{ type: 'ResponseAsked', windowId: RESPOND_WINDOW, seat: 0 }];
}

function ended(s: State, picks: number[], raised: boolean): Event {
  const sum = picks[0]! + picks[1]!;
  const winner = s.sides.indexOf(sum % 2 === 1 ? 'odd' : 'even');
  return { type: 'GameEnded', picks, sum, winner, stakes: raised ? 2 : 1 };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function decide(s: State, command: Command, sender: Sender): Decision<Event> {
  const c = command as unknown;
  if (!isObject(c) || typeof c.type !== 'string') return refuse('INVALID_COMMAND', 'A command is a JSON object with a "type".');
  if (c.type === 'EXPIRE_WINDOW') {
    if (sender.kind !== 'system') return refuse('NOT_YOUR_TURN', 'Only the server expires a window.');
    if (s.phase === 'over' || c.windowId !== s.windowId) return ok([]);
    if (s.phase === 'pick') {
      const events: Event[] = [];
      const picks = s.picks.map((p, seat) => {
        if (p !== null) return p;
        events.push({ type: 'Picked', seat, number: DEFAULT_PICK, byServer: true });
        return DEFAULT_PICK;
      });
      return ok([...events, ...afterPicks(s, picks)]);
    }
    return ok([{ type: 'Responded', seat: 0, raise: false, byServer: true }, ended(s, s.picks as number[], false)]);
  }
  if (sender.kind !== 'seat') return refuse('INVALID_COMMAND', 'The server sends only EXPIRE_WINDOW.');
  const seat = sender.seat;
  if (s.phase === 'over') return refuse('GAME_OVER', 'The game is over.');
  switch (c.type) {
    case 'SET_ORDERS': {
      if (!RESPOND_ORDERS.includes(c.respond as RespondOrder)) return refuse('INVALID_COMMAND', 'SET_ORDERS: "respond" is `ask` or `never`.');
      return ok([{ type: 'OrdersSet', seat, orders: { respond: c.respond as RespondOrder } }]);
    }
    case 'PICK': {
      if (!Number.isInteger(c.number) || (c.number as number) < 1 || (c.number as number) > 5) return refuse('INVALID_COMMAND', 'PICK: "number" is a whole number from 1 to 5.');
      if (s.phase !== 'pick' || (c.windowId !== undefined && c.windowId !== s.windowId)) return refuse('WINDOW_CLOSED', 'The picking is over.');
      if (s.picks[seat] !== null) return refuse('ALREADY_PICKED', 'You have picked already.');
      const picked: Event = { type: 'Picked', seat, number: c.number as number, byServer: false };
      const picks = s.picks.map((p, i) => (i === seat ? (c.number as number) : p));
      return ok(picks.every((p) => p !== null) ? [picked, ...afterPicks(s, picks as number[])] : [picked]);
    }
    case 'RESPOND': {
      if (typeof c.raise !== 'boolean') return refuse('INVALID_COMMAND', 'RESPOND: "raise" is true or false.');
      if (s.phase !== 'respond' || (c.windowId !== undefined && c.windowId !== s.windowId)) return refuse('WINDOW_CLOSED', 'There is nothing to respond to now.');
      if (seat !== 0) return refuse('NOT_YOUR_TURN', 'Only seat 0 may raise.');
      return ok([{ type: 'Responded', seat, raise: c.raise, byServer: false }, ended(s, s.picks as number[], c.raise)]);
    }
    default:
      return refuse('INVALID_COMMAND', `Unknown command type "${String(c.type).slice(0, 40)}".`);
  }
}

function awaiting(s: State): Awaited[] {
  if (s.phase === 'pick') return s.picks.flatMap((p, seat) => (p === null ? [{ seat, situation: 'pick', windowId: s.windowId }] : []));
  if (s.phase === 'respond') return [{ seat: 0, situation: 'respond', windowId: s.windowId }];
  return [];
}

function legalCommands(s: State, seat: Seat): Command[] {
  if (s.phase === 'pick' && s.picks[seat] === null) return [1, 2, 3, 4, 5].map((number) => ({ type: 'PICK', number, windowId: s.windowId }));
  if (s.phase === 'respond' && seat === 0) return [true, false].map((raise) => ({ type: 'RESPOND', raise, windowId: s.windowId }));
  return [];
}

function view(s: State, viewer: Seat | null): View {
  const over = s.phase === 'over';
  return {
    phase: s.phase,
    windowId: over ? null : s.windowId,
    viewer,
    seats: s.sides.map((side, seat) => ({
      seat,
      side,
      picked: s.picks[seat] !== null,
      ...(over || seat === viewer ? { pick: s.picks[seat] ?? null } : {}),
      ...(seat === viewer ? { orders: { respond: s.orders[seat]!.respond } } : {}),
    })),
    raised: s.raised,
    winner: s.winner,
  };
}

function redact(e: Event, reader: Seat | null): VisibleEvent {
  if (e.type === 'Picked' && e.seat !== reader) return { type: 'Picked', seat: e.seat };
  if (e.type === 'OrdersSet' && e.seat !== reader) return { type: 'OrdersSet' };
  return e;
}

// ───────────────────────────── schemas ─────────────────────────────

const seat = { type: 'integer', minimum: 0, maximum: 1 } as const;
const windowId = { type: 'string', maxLength: 64, description: 'The window you answer.' } as const;
const ordersSchema = {
  type: 'object',
  description: 'Seat 0’s standing order for the chance to raise: `ask` (default) or `never` (not asked, never raises).',
  required: ['respond'],
  properties: { respond: { type: 'string', enum: [...RESPOND_ORDERS] } },
} as const;

const commandSchemas = [
  {
    type: 'PICK',
    schema: { type: 'object', title: 'PICK', required: ['type', 'number'], properties: { type: { type: 'string', const: 'PICK' }, number: { type: 'integer', minimum: 1, maximum: 5 }, windowId } },
  },
  {
    type: 'RESPOND',
    schema: { type: 'object', title: 'RESPOND', required: ['type', 'raise'], properties: { type: { type: 'string', const: 'RESPOND' }, raise: { type: 'boolean' }, windowId } },
  },
  {
    type: 'SET_ORDERS',
    schema: { type: 'object', title: 'SET_ORDERS', required: ['type', 'respond'], properties: { type: { type: 'string', const: 'SET_ORDERS' }, respond: { type: 'string', enum: [...RESPOND_ORDERS] } } },
  },
];

const optionsSchema = {
  type: 'object',
  required: ['seats'],
  properties: {
    seats: {
      type: 'array',
      minItems: 2,
      maxItems: 2,
      description: 'Two seats: one plays `odd`, the other `even`.',
      items: { type: 'object', required: ['side'], additionalProperties: false, properties: { side: { $ref: 'Side#' } } },
    },
  },
};

export const oddsAndEvens: GameModule<Setup, State, Command, Event, View, VisibleEvent> = {
  id: 'odds-and-evens',
  title: 'Odds and Evens',
  maxSeats: 2,
  situations,
  standingOrders: { schema: ordersSchema, defaults: { respond: 'ask' }, command: 'SET_ORDERS', examples: [{ respond: 'never' }] },
  optionsSchema,
  commandSchemas,
  schemas: {
    components: { Side: { type: 'string', enum: [...SIDES] }, StandingOrders: ordersSchema },
    publicOptions: {
      type: 'object',
      description: 'The options the game was created with.',
      required: ['seats'],
      properties: { seats: { type: 'array', items: { type: 'object', required: ['side'], properties: { side: { $ref: 'Side#' } } } } },
      additionalProperties: true,
    },
    view: {
      type: 'object',
      description: 'Odds and evens as one seat (or a spectator) sees it: the other seat’s pick stays hidden until the game is over.',
      required: ['phase', 'windowId', 'viewer', 'seats', 'raised', 'winner'],
      properties: {
        phase: { type: 'string', enum: ['pick', 'respond', 'over'] },
        windowId: { type: ['string', 'null'] },
        viewer: { type: ['integer', 'null'], minimum: 0, maximum: 1 },
        seats: {
          type: 'array',
          items: {
            type: 'object',
            required: ['seat', 'side', 'picked'],
            properties: {
              seat,
              side: { $ref: 'Side#' },
              picked: { type: 'boolean' },
              pick: { type: ['integer', 'null'], minimum: 1, maximum: 5, description: 'Your own pick; everyone’s once the game is over.' },
              orders: { $ref: 'StandingOrders#' },
            },
          },
        },
        raised: { type: ['boolean', 'null'] },
        winner: { type: ['integer', 'null'], minimum: 0, maximum: 1 },
      },
    },
    visibleEvent: {
      type: 'object',
      description: 'An event as the reader may see it: the other seat’s `Picked` without its number.',
      required: ['type'],
      properties: { type: { type: 'string', enum: ['Picked', 'ResponseAsked', 'Responded', 'OrdersSet', 'GameEnded'] } },
      additionalProperties: true,
    },
    preview: {
      type: ['object', 'null'],
      description: 'For a PICK: which of the other seat’s picks would make the sum yours (your side is the parity you win on). Null for other commands.',
      required: ['winsAgainst'],
      properties: { winsAgainst: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 5 } } },
    },
    examples: {
      create: { oddsAndEvens: { summary: 'Odds and evens, two players', value: { game: 'odds-and-evens', options: { seats: [{ side: 'odd' }, { side: 'even' }] } } } },
      commands: { pick: { summary: 'Pick 3, in secret', value: { type: 'PICK', number: 3, windowId: 'w1' } } },
    },
  },
  createSetup,
  initialState,
  decide,
  evolve,
  replay,
  view,
  redact,
  awaiting,
  legalCommands,
  // A seat may change its standing order whenever it likes, awaited or not (GameModule.anytimeCommands).
  anytimeCommands: (s: State, seat: Seat): Command[] => (s.phase === 'over' ? [] : RESPOND_ORDERS.filter((respond) => respond !== s.orders[seat]!.respond).map((respond) => ({ type: 'SET_ORDERS', respond }))),
  // Only what the seat knows: its own side and the number it tries, never the other pick.
  preview: (s: State, command: unknown, seat: Seat) => {
    const c = command as { type?: unknown; number?: unknown };
    if (c.type !== 'PICK' || typeof c.number !== 'number') return null;
    const mine = s.sides[seat] === 'odd' ? 1 : 0;
    return { winsAgainst: [1, 2, 3, 4, 5].filter((other) => ((c.number as number) + other) % 2 === mine) };
  },
  isOver: (s) => s.phase === 'over',
  winners: (s) => (s.winner === null ? [] : [s.winner]),
  describeOptions: (options) => (Array.isArray(options.seats) ? options.seats.map((s) => (s as { side?: unknown })?.side).join(' v ') : 'two seats'),
};
