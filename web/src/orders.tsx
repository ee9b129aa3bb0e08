// The standing orders as two labelled choices, shared by the settings page (the orders every new
// game starts with) and the game page (one seat's orders in one game).

import type { Schemas } from './api/client.ts';

export type Orders = Schemas['StandingOrders'];

export function OrderFields({ orders, idPrefix, onChange }: { orders: Orders; idPrefix: string; onChange: (change: Partial<Orders>) => void }) {
  return (
    <>
      <div class="field">
        <label for={`${idPrefix}-interrupt`}>INTERRUPT windows</label>
        <select id={`${idPrefix}-interrupt`} value={orders.interrupt} onChange={(event) => onChange({ interrupt: (event.currentTarget as HTMLSelectElement).value as Orders['interrupt'] })}>
          <option value="ask">ask me</option>
          <option value="endOfTurnOnly">pass after actions, ask me at the end of a turn</option>
          <option value="never">always pass</option>
        </select>
      </div>
      <div class="field">
        <label for={`${idPrefix}-defence`}>Defences</label>
        <select id={`${idPrefix}-defence`} value={orders.defence} onChange={(event) => onChange({ defence: (event.currentTarget as HTMLSelectElement).value as Orders['defence'] })}>
          <option value="ask">ask me</option>
          <option value="always">defend whenever a card allows (the server picks the card)</option>
          <option value="never">take the damage</option>
        </select>
      </div>
    </>
  );
}
