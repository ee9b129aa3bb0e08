// My seat's standing orders in this game (GET/PUT /v1/games/{id}/seats/{seat}/orders): what the
// server answers for the seat without asking. Private to the seat; changed at any moment, and not a move.

import { useEffect, useState } from 'preact/hooks';
import { api, problemText } from '../api/client.ts';
import { OrderFields, type OrderField, type Orders } from '../orders.tsx';

/** `fields`: the game's own settings (GameUi.orders). */
export function SeatOrders({ gameId, seat, fields }: { gameId: string; seat: number; fields: readonly OrderField[] }) {
  const [orders, setOrders] = useState<Orders | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const path = { path: { id: gameId, seat } };
  useEffect(() => {
    let live = true;
    api.GET('/v1/games/{id}/seats/{seat}/orders', { params: path }).then(({ data, error }) => {
      if (!live) return;
      if (data) setOrders(data);
      else setMessage({ text: problemText(error), error: true });
    });
    return () => {
      live = false;
    };
  }, [gameId, seat]);
  async function change(body: Partial<Orders>) {
    const { data, error } = await api.PUT('/v1/games/{id}/seats/{seat}/orders', { params: path, body });
    if (data) setOrders(data);
    setMessage(data ? { text: 'Saved.', error: false } : { text: problemText(error), error: true });
  }
  return (
    <details class="seat-orders">
      <summary>Standing orders in this game</summary>
      <p class="hint">What the server answers for your seat without asking you, here only. Your defaults for new games are in the settings.</p>
      {orders && <OrderFields fields={fields} orders={orders} idPrefix="seat-order" onChange={change} />}
      {message && (
        <p role={message.error ? 'alert' : 'status'} class={message.error ? 'error' : 'ok'}>
          {message.text}
        </p>
      )}
    </details>
  );
}
