// Helter Skelter's standing orders (docs/rulings.md R34–R40), written once: the settings, their
// values and defaults. The rules (orders.ts, commands.ts), the view's schema and the platform's
// orders routes (GameModule.standingOrders) all take them from here.

import type { StandingOrdersSpec } from '../../../platform/game-module.ts';

export const INTERRUPT_ORDERS = ['ask', 'never', 'endOfTurnOnly'] as const;
export const DEFENCE_ORDERS = ['ask', 'always', 'never'] as const;

export const standingOrdersSchema = {
  type: 'object',
  description:
    'A seat’s standing orders, private to it, applied the moment a situation would ask the seat. `interrupt`: `ask` (default), `never`, or `endOfTurnOnly` (asked only after an end of turn); a hand without an INTERRUPT card is never asked. `defence`: `ask` (default), `always` (the server defends whenever a card allows, with the card it would pick), or `never` (take the damage).',
  required: ['interrupt', 'defence'],
  properties: {
    interrupt: { type: 'string', enum: [...INTERRUPT_ORDERS] },
    defence: { type: 'string', enum: [...DEFENCE_ORDERS] },
  },
} as const;

export const DEFAULT_ORDERS = { interrupt: 'ask', defence: 'ask' } as const satisfies Record<keyof typeof standingOrdersSchema.properties, string>;

export const standingOrders: StandingOrdersSpec = {
  schema: standingOrdersSchema,
  defaults: DEFAULT_ORDERS,
  command: 'SET_ORDERS',
  examples: [{ interrupt: 'endOfTurnOnly' }, { interrupt: 'never', defence: 'always' }],
};
