// Odds and Evens' shapes in the API (the schemas named OddsAndEvens…, in the document a server
// with this game renders). Its events' schema leaves their fields open, so they are spelt here as
// the module writes them (../index.ts): the other seat's `Picked` comes without its number.

import type { Schemas } from '../../api/client.ts';

export type OddsAndEvensGame = Schemas['OddsAndEvensGame'];
export type OddsAndEvensCommand = Schemas['OddsAndEvensCommand'];
export type Side = Schemas['OddsAndEvensSide'];

export type OddsAndEvensEvent =
  | { type: 'Picked'; seat: number; number?: number; byServer?: boolean }
  | { type: 'ResponseAsked'; seat: number }
  | { type: 'Responded'; seat: number; raise: boolean; byServer: boolean }
  | { type: 'OrdersSet' }
  | { type: 'GameEnded'; picks: number[]; sum: number; winner: number; stakes: number };
