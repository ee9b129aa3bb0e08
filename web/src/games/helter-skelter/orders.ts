// Helter Skelter's standing orders in words (docs/rulings.md R34–R40): what the server answers for
// the seat in an INTERRUPT window and when a defence is asked of it.

import type { OrderField } from '../../order-fields.ts';

export const HELTER_SKELTER_ORDERS: readonly OrderField[] = [
  {
    name: 'interrupt',
    label: 'INTERRUPT windows',
    choices: [
      { value: 'ask', text: 'ask me' },
      { value: 'endOfTurnOnly', text: 'pass after actions, ask me at the end of a turn' },
      { value: 'never', text: 'always pass' },
    ],
  },
  {
    name: 'defence',
    label: 'Defences',
    choices: [
      { value: 'ask', text: 'ask me' },
      { value: 'always', text: 'defend whenever a card allows (the server picks the card)' },
      { value: 'never', text: 'take the damage' },
    ],
  },
];
