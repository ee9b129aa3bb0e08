// The lobby's form for Odds and Evens: the clock, and which of the two sides I play; the other is a
// bot's or waits for a player who joins.

import { useState } from 'preact/hooks';
import { api, problemText } from '../../api/client.ts';
import { ClockField, DEFAULT_CLOCK_CHOICE, SeatsFieldset, type ClockChoice, type SeatPlay } from '../create-fields.tsx';
import type { CreateProps } from '../game-ui.ts';
import { sideName } from './words.ts';
import type { Side } from './api.ts';

const CLOCKS = [
  { id: 'daily', name: 'Daily: a day to pick, 2 hours to raise', about: 'Daily: a day to pick — play once a day.' },
  { id: 'live', name: 'Live: a minute to pick, 20 seconds to raise', about: 'Live: about 20 seconds to raise — for playing together now.' },
  { id: 'weekly', name: 'Weekly: 3 days to pick, 12 hours to raise', about: 'Weekly: 3 days to pick — for a slow game.' },
] as const satisfies readonly ClockChoice<string>[];
const SIDES: readonly Side[] = ['odd', 'even'];

export function CreateOddsAndEvens(props: CreateProps) {
  const [clock, setClock] = useState<(typeof CLOCKS)[number]['id']>(DEFAULT_CLOCK_CHOICE);
  const [seats, setSeats] = useState<SeatPlay[]>([{ bot: false }, { bot: true }]);
  const [mySeat, setMySeat] = useState(0);
  const [busy, setBusy] = useState(false);

  async function create(event: Event) {
    event.preventDefault();
    props.onError(null);
    setBusy(true);
    const body = {
      game: 'odds-and-evens' as const,
      seat: mySeat,
      options: { clock, seats: SIDES.map((side, index) => (index !== mySeat && seats[index]!.bot ? { side, bot: true } : { side })) },
    };
    const { data, error } = await api.POST('/v1/games', { body });
    setBusy(false);
    if (!data) return props.onError(problemText(error));
    props.onCreated(data.id);
  }

  return (
    <form onSubmit={create} class="create-game">
      <ClockField id="oe-clock" clocks={CLOCKS} value={clock} onChange={setClock} />
      <SeatsFieldset
        legend="Sides: odd wins on an odd sum, even on an even one"
        noun="side"
        name="oe-my-seat"
        seats={seats}
        mySeat={mySeat}
        onMySeat={setMySeat}
        onChange={(index, play) => setSeats(seats.map((seat, i) => (i === index ? play : seat)))}
        identity={(index) => <strong>{sideName(SIDES[index])}</strong>}
      />
      <button type="submit" disabled={busy}>
        Create game
      </button>
    </form>
  );
}
