// Standing orders (M21): a seat's private setting, applied the moment a situation would ask it.
// The one decision of the basic game worth a standing order is the push-back: "always follow up"
// (push and follow whenever the table allows), "never" (let the fight go on), or ask.

import type { StandingOrdersSpec } from '../../platform/game-module.ts';

export const PUSH_BACK_ORDERS = ['ask', 'always', 'never'] as const;
export type PushBackOrder = (typeof PUSH_BACK_ORDERS)[number];
export interface StandingOrders {
  pushBack: PushBackOrder;
}

export const DEFAULT_ORDERS: StandingOrders = { pushBack: 'ask' };

const schema = {
  type: 'object',
  description:
    'A seat’s standing orders, private to it. `pushBack`: `ask` (default), `always` (a winning model pushes the loser back and follows up whenever the table allows), or `never` (the fight goes on).',
  required: ['pushBack'],
  additionalProperties: false,
  properties: { pushBack: { type: 'string', enum: [...PUSH_BACK_ORDERS] } },
} as const;

export const standingOrders: StandingOrdersSpec = {
  schema,
  defaults: { ...DEFAULT_ORDERS },
  command: 'SET_ORDERS',
  examples: [{ pushBack: 'always' }],
};
