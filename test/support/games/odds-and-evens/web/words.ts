// Odds and Evens in words: a seat by its side and who holds it, each event as a sentence, and the
// one standing order (seat 0's chance to raise).

import type { OrderField } from '../../order-fields.ts';
import type { OddsAndEvensEvent, OddsAndEvensGame, Side } from './api.ts';

export const sideName = (side: Side | undefined): string => (side === 'odd' ? 'Odd' : side === 'even' ? 'Even' : 'A seat');

/** "Odd (rico)", "Even (Bot)": the side first, as the game calls its seats. */
export function seatNames(game: OddsAndEvensGame): (seat: number) => string {
  return (seat) => {
    const holder = game.seats[seat];
    return `${sideName(game.options.seats[seat]?.side)} (${holder?.player ?? (holder?.bot ? 'Bot' : 'Free seat')})`;
  };
}

/** An event as a sentence; null for a seat's standing order, which is that seat's own business. */
export function eventWords(event: OddsAndEvensEvent, seat: (seat: number) => string): string | null {
  switch (event.type) {
    case 'Picked':
      if (event.number === undefined) return `${seat(event.seat)} has picked a number.`;
      return `${seat(event.seat)} picked ${event.number}${event.byServer ? ' (the server, as the time ran out)' : ''}.`;
    case 'ResponseAsked':
      return `Both have picked: ${seat(event.seat)} may raise the stakes.`;
    case 'Responded':
      return `${seat(event.seat)} ${event.raise ? 'raised the stakes' : 'did not raise'}${event.byServer ? ' (the time ran out)' : ''}.`;
    case 'OrdersSet':
      return null;
    case 'GameEnded':
      return `The game is over: ${event.picks.join(' + ')} = ${event.sum}, ${event.sum % 2 === 1 ? 'odd' : 'even'}. ${seat(event.winner)} wins ${event.stakes === 1 ? '1 point' : `${event.stakes} points`}.`;
  }
}

export const ORDERS: readonly OrderField[] = [
  {
    name: 'respond',
    label: 'When both have picked (the first seat only)',
    choices: [
      { value: 'ask', text: 'ask me whether to raise the stakes' },
      { value: 'never', text: 'never raise, and do not ask' },
    ],
  },
];
