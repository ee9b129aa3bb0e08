// The lobby's form for a Block War game: 2–4 seats in clockwise order, each a block named after a
// famous figure with its colour, played by me, a bot (of a kind) or a player who joins; the clock
// preset; and the optional time limit (BW50: "say two hours").

import { useState } from 'preact/hooks';
import { api, problemText } from '../../api/client.ts';
import { ClockField, DEFAULT_CLOCK_CHOICE, type ClockChoice, PrivateField, SeatsFieldset } from '../create-fields.tsx';
import { RatedField } from '../../game/rated-field.tsx';
import type { CreateProps } from '../game-ui.ts';
import { timeLimitMinutes, TIME_LIMIT_UNITS as UNITS } from './time-limit.ts';

const CLOCKS = [
  { id: 'daily', name: 'Daily: a day a turn step or a placement', about: 'Daily: a day a turn step — play once a day, whenever suits you.' },
  { id: 'live', name: 'Live: 5 minutes a turn step, 2 minutes to place', about: 'Live: 5 minutes a turn step and about a minute per roll — for playing together now.' },
  { id: 'weekly', name: 'Weekly: a week a turn step, 3 days to place', about: 'Weekly: a week a turn step — for a slow game.' },
] as const satisfies readonly ClockChoice<string>[];
const BLOCK_NAMES = ['Rick Whitely', 'Ella Fitzgerald', 'Alan Turing', 'Marie Curie'];
const COLOURS = ['red', 'blue', 'green', 'yellow'] as const;
type Colour = (typeof COLOURS)[number];
/** The options schema's bots: `true` asks for the default (the heuristic bot). */
const BOTS = [
  { id: 'heuristic', name: 'Heuristic bot' },
  { id: 'random', name: 'Random bot' },
] as const;
type BotKind = (typeof BOTS)[number]['id'];

interface SeatChoice {
  block: string;
  bot: boolean;
  botKind: BotKind;
  colour: Colour;
}

export function CreateBlockWar(props: CreateProps) {
  const [clock, setClock] = useState<(typeof CLOCKS)[number]['id']>(DEFAULT_CLOCK_CHOICE);
  const [seats, setSeats] = useState<SeatChoice[]>([
    { block: BLOCK_NAMES[0]!, bot: false, botKind: 'heuristic', colour: 'red' },
    { block: BLOCK_NAMES[1]!, bot: true, botKind: 'heuristic', colour: 'blue' },
  ]);
  const [limited, setLimited] = useState(false);
  const [limitAmount, setLimitAmount] = useState('2');
  const [limitUnit, setLimitUnit] = useState<(typeof UNITS)[number]['id']>('hours');
  const [mySeat, setMySeat] = useState(0);
  const [privateGame, setPrivateGame] = useState(false);
  const [rated, setRated] = useState(true);
  const [busy, setBusy] = useState(false);

  const update = (index: number, change: Partial<SeatChoice>) => setSeats(seats.map((seat, i) => (i === index ? { ...seat, ...change } : seat)));
  function removeSeat(index: number) {
    setSeats(seats.filter((_, i) => i !== index));
    if (mySeat >= seats.length - 1) setMySeat(0);
  }

  const withBots = seats.some((seat, index) => index !== mySeat && seat.bot);

  async function create(event: Event) {
    event.preventDefault();
    props.onError(null);
    setBusy(true);
    // The creator's seat is taken in the same step; with every other seat a bot's, the game starts at once.
    const body = {
      game: 'block-war' as const,
      seat: mySeat,
      private: privateGame,
      rated: rated && !withBots,
      options: {
        clock,
        seats: seats.map((seat, index) =>
          index !== mySeat && seat.bot
            ? { block: seat.block.trim(), colour: seat.colour, bot: seat.botKind === 'heuristic' ? true : seat.botKind }
            : { block: seat.block.trim(), colour: seat.colour },
        ),
        ...(limit === undefined || limit === null ? {} : { timeLimitMinutes: limit }),
      },
    };
    const { data, error } = await api.POST('/v1/games', { body });
    setBusy(false);
    if (!data) return props.onError(problemText(error));
    props.onCreated(data.id);
  }

  const unnamed = seats.some((seat) => !seat.block.trim());
  const sameColour = seats.some((seat, index) => seats.findIndex((other) => other.colour === seat.colour) !== index);
  const limit = timeLimitMinutes(limited, limitAmount, limitUnit);
  const freeColour = () => COLOURS.find((colour) => !seats.some((seat) => seat.colour === colour)) ?? 'red';
  return (
    <form onSubmit={create} class="create-game">
      <ClockField id="bw-clock" clocks={CLOCKS} value={clock} onChange={setClock} />
      <PrivateField id="bw-private" value={privateGame} onChange={setPrivateGame} />
      <RatedField id="bw-rated" value={rated} onChange={setRated} withBots={withBots} />
      <SeatsFieldset
        legend="Blocks, clockwise"
        noun="block"
        name="bw-my-seat"
        seats={seats}
        mySeat={mySeat}
        onMySeat={setMySeat}
        onChange={(index, play) => update(index, { bot: play.bot, botKind: play.botKind as BotKind })}
        botKinds={BOTS}
        bounds={{ least: 2, most: 4, remove: removeSeat, add: () => setSeats([...seats, { block: BLOCK_NAMES[seats.length] ?? '', bot: true, botKind: 'heuristic', colour: freeColour() }]) }}
        identity={(index) => (
          <>
            <label for={`block-${index}`}>
              Block {index + 1} ({seats[index]!.colour})
            </label>
            <input id={`block-${index}`} type="text" maxLength={40} value={seats[index]!.block} onInput={(event) => update(index, { block: (event.currentTarget as HTMLInputElement).value })} />
            <label class="inline">
              Colour{' '}
              <select value={seats[index]!.colour} aria-label={`Colour of block ${index + 1}`} onChange={(event) => update(index, { colour: (event.currentTarget as HTMLSelectElement).value as Colour })}>
                {COLOURS.map((colour) => (
                  <option key={colour} value={colour}>
                    {colour}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
      />
      <fieldset>
        <legend>Time limit</legend>
        <label class="inline">
          <input type="checkbox" checked={limited} onChange={(event) => setLimited((event.currentTarget as HTMLInputElement).checked)} /> Set a time limit (then one last round)
        </label>
        {limited && (
          <>
            {' '}
            <input type="number" min={1} step="any" aria-label="Length of the time limit" value={limitAmount} onInput={(event) => setLimitAmount((event.currentTarget as HTMLInputElement).value)} />{' '}
            <select aria-label="Unit of the time limit" value={limitUnit} onChange={(event) => setLimitUnit((event.currentTarget as HTMLSelectElement).value as typeof limitUnit)}>
              {UNITS.map((unit) => (
                <option key={unit.id} value={unit.id}>
                  {unit.id}
                </option>
              ))}
            </select>
          </>
        )}
      </fieldset>
      {unnamed && <p class="error">Each block needs a name.</p>}
      {sameColour && <p class="error">Each block needs its own colour.</p>}
      {limit === null && <p class="error">A time limit is a whole number of minutes, up to 30 days.</p>}
      <button type="submit" disabled={busy || unnamed || sameColour || limit === null}>
        Create game
      </button>
    </form>
  );
}
