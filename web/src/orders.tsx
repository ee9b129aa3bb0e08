// Standing orders as labelled choices, shared by the settings page (the orders every new game
// starts with) and the game page (one seat's orders in one game). Which settings there are, and
// how each is put in words, is each game's own (`GameUi.orders`, web/src/games/<game>/orders.ts);
// the API merges every game's settings into one `StandingOrders` object.

import type { OrderField, Orders } from './order-fields.ts';

export type { OrderField, Orders };

export function OrderFields({ fields, orders, idPrefix, onChange }: { fields: readonly OrderField[]; orders: Orders; idPrefix: string; onChange: (change: Partial<Orders>) => void }) {
  return (
    <>
      {fields.map((field) => (
        <div class="field" key={field.name}>
          <label for={`${idPrefix}-${field.name}`}>{field.label}</label>
          <select id={`${idPrefix}-${field.name}`} value={orders[field.name]} onChange={(event) => onChange({ [field.name]: (event.currentTarget as HTMLSelectElement).value } as Partial<Orders>)}>
            {field.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.text}
              </option>
            ))}
          </select>
        </div>
      ))}
    </>
  );
}
