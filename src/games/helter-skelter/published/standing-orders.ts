// Helter Skelter's standing orders (docs/rulings.md R34–R40, R11, R14), written once: the settings,
// their values and defaults, and the arms (R58) a seat may set beside them. The rules (orders.ts,
// arms.ts, commands.ts), the view's schema and the platform's orders routes
// (GameModule.standingOrders) all take them from here.

import type { StandingOrdersSpec } from '../../../platform/game-module.ts';

export const INTERRUPT_ORDERS = ['armed', 'ask', 'endOfTurnOnly'] as const;
export const DEFENCE_ORDERS = ['always', 'ask', 'never'] as const;
/** When an arm claims (R58): the next window after another seat's action, the window after this turn's end, the window after an attack on me. */
export const ARM_TRIGGERS = ['afterNextAction', 'endOfThisTurn', 'whenAttacked'] as const;

export const standingOrdersSchema = {
  type: 'object',
  description:
    'A seat’s standing orders, private to it, applied the moment a situation would ask the seat. `interrupt`: `armed` (default: never asked; every window closes at once unless your arms claim in it), `ask` (asked in every window, whatever your hand holds), or `endOfTurnOnly` (asked only after an end of turn). `defence`: `always` (default: the server defends at once with the cheapest card that suffices, else you take the damage), `ask` (asked for every defender, whatever your hand holds), or `never` (take the damage).',
  required: ['interrupt', 'defence'],
  properties: {
    interrupt: { type: 'string', enum: [...INTERRUPT_ORDERS] },
    defence: { type: 'string', enum: [...DEFENCE_ORDERS] },
  },
} as const;

export const armSchema = {
  type: 'object',
  description:
    'An INTERRUPT claimed in advance (R58): when a window opens that `trigger` names, the server claims for you at once with `card` (or your first INTERRUPT card in hand order). `afterNextAction`: the next window after another seat’s action. `endOfThisTurn`: the window after this turn’s declared end. `whenAttacked`: the window after an action that made one of your characters a defender. An arm is used once; it lapses, unseen by others, when its trigger has passed or its card has left your hand.',
  required: ['trigger'],
  additionalProperties: false,
  properties: {
    trigger: { type: 'string', enum: [...ARM_TRIGGERS] },
    card: { type: 'string', minLength: 1, maxLength: 64, description: 'The INTERRUPT card to discard; by default the first in your hand.' },
  },
} as const;

export const DEFAULT_ORDERS = { interrupt: 'armed', defence: 'always' } as const satisfies Record<keyof typeof standingOrdersSchema.properties, string>;

export const standingOrders: StandingOrdersSpec = {
  schema: standingOrdersSchema,
  defaults: DEFAULT_ORDERS,
  command: 'SET_ORDERS',
  examples: [{ interrupt: 'endOfTurnOnly' }, { interrupt: 'ask', defence: 'ask' }],
};
