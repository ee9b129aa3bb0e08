// Miniatures' standing order in words (M21, src/games/miniatures/orders.ts): what the server answers
// for the seat when one of its models wins a Melee and may push the loser back ("Winning a Close
// Combat": "moving the enemy model 2” directly away … He may then immediately move his own model
// back into contact").

import type { OrderField } from '../../order-fields.ts';

export const MINIATURES_ORDERS: readonly OrderField[] = [
  {
    name: 'pushBack',
    label: 'Push-backs after a won Melee',
    choices: [
      { value: 'ask', text: 'ask me' },
      { value: 'always', text: 'always push back and follow up (when the table allows)' },
      { value: 'never', text: 'never push: the fight goes on' },
    ],
  },
];
