// The lobby's form for a Block War game: 2–4 seats in clockwise order, each a block named after a
// famous figure, played by me, a bot or a player who joins; and the clock preset.

import { useState } from 'preact/hooks';
import { api, problemText } from '../../api/client.ts';

const CLOCKS = [
  { id: 'live', name: 'Live: 5 minutes a turn step, 2 minutes to place' },
  { id: 'daily', name: 'Daily: a day a turn step or a placement' },
  { id: 'weekly', name: 'Weekly: a week a turn step, 3 days to place' },
] as const;
const BLOCK_NAMES = ['Rick Whitely', 'Ella Fitzgerald', 'Alan Turing', 'Marie Curie'];
const COLOURS = ['red', 'blue', 'green', 'yellow'] as const;

interface SeatChoice {
  block: string;
  bot: boolean;
}

export function CreateBlockWar(props: { onError: (message: string | null) => void; onCreated: (id: string) => void }) {
  const [clock, setClock] = useState<(typeof CLOCKS)[number]['id']>('live');
  const [seats, setSeats] = useState<SeatChoice[]>([
    { block: BLOCK_NAMES[0]!, bot: false },
    { block: BLOCK_NAMES[1]!, bot: true },
  ]);
  const [mySeat, setMySeat] = useState(0);
  const [busy, setBusy] = useState(false);

  const update = (index: number, change: Partial<SeatChoice>) => setSeats(seats.map((seat, i) => (i === index ? { ...seat, ...change } : seat)));
  function removeSeat(index: number) {
    setSeats(seats.filter((_, i) => i !== index));
    if (mySeat >= seats.length - 1) setMySeat(0);
  }

  async function create(event: Event) {
    event.preventDefault();
    props.onError(null);
    setBusy(true);
    // The creator's seat is taken in the same step; with every other seat a bot's, the game starts at once.
    const body = {
      game: 'block-war' as const,
      seat: mySeat,
      options: { clock, seats: seats.map((seat, index) => (index !== mySeat && seat.bot ? { block: seat.block.trim(), bot: true } : { block: seat.block.trim() })) },
    };
    const { data, error } = await api.POST('/v1/games', { body });
    setBusy(false);
    if (!data) return props.onError(problemText(error));
    props.onCreated(data.id);
  }

  const unnamed = seats.some((seat) => !seat.block.trim());
  return (
    <form onSubmit={create} class="create-game">
      <div class="field">
        <label for="bw-clock">Clock</label>
        <select id="bw-clock" value={clock} onChange={(event) => setClock((event.currentTarget as HTMLSelectElement).value as typeof clock)}>
          {CLOCKS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend>Blocks, clockwise</legend>
        {seats.map((seat, index) => (
          <div class="seat-row" key={index}>
            <label for={`block-${index}`}>
              Block {index + 1} ({COLOURS[index]})
            </label>
            <input id={`block-${index}`} type="text" maxLength={40} value={seat.block} onInput={(event) => update(index, { block: (event.currentTarget as HTMLInputElement).value })} />
            <label class="inline">
              <input type="radio" name="bw-my-seat" checked={mySeat === index} onChange={() => setMySeat(index)} /> I play this block
            </label>
            <label class="inline">
              <input type="checkbox" checked={seat.bot && mySeat !== index} disabled={mySeat === index} onChange={(event) => update(index, { bot: (event.currentTarget as HTMLInputElement).checked })} /> Bot
            </label>
            {seats.length > 2 && (
              <button type="button" class="link" onClick={() => removeSeat(index)} aria-label={`Remove block ${index + 1}`}>
                Remove
              </button>
            )}
          </div>
        ))}
        {seats.length < 4 && (
          <button type="button" onClick={() => setSeats([...seats, { block: BLOCK_NAMES[seats.length] ?? '', bot: true }])}>
            Add a block
          </button>
        )}
      </fieldset>
      {unnamed && <p class="error">Each block needs a name.</p>}
      <button type="submit" disabled={busy || unnamed}>
        Create game
      </button>
    </form>
  );
}
