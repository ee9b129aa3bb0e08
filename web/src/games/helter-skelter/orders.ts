// Helter Skelter's standing orders in words (docs/rulings.md R11, R14, R34–R40): whether an
// INTERRUPT window waits for the seat, and who decides its defences. The defaults come first: no
// window and no defence waits on anyone; INTERRUPTs are armed in advance from the table (arms.tsx).

import type { OrderField } from '../../order-fields.ts';

export const HELTER_SKELTER_ORDERS: readonly OrderField[] = [
  {
    name: 'interrupt',
    label: 'INTERRUPT windows',
    choices: [
      { value: 'armed', text: 'never wait for me: I arm my INTERRUPTs in advance (the default)' },
      { value: 'endOfTurnOnly', text: 'wait for me at the end of a turn (slower)' },
      { value: 'ask', text: 'wait for me after every action (slowest)' },
    ],
  },
  {
    name: 'defence',
    label: 'Defences',
    choices: [
      { value: 'always', text: 'defend at once with the cheapest card that will do, else take the damage (the default)' },
      { value: 'ask', text: 'ask me each time (slower)' },
      { value: 'never', text: 'take the damage' },
    ],
  },
];
