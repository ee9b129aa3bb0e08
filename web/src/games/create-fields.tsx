// What every game's lobby form asks alike: the clock preset, whether the game is private, and per seat whether I play it, a bot
// does (of which kind, where the game offers several) or a player who joins; seats added and removed
// where the game allows it. Each game's form (web/src/games/<game>/create.tsx, GameUi.Create)
// supplies its own presets and what makes a seat its own (a team, a block, a side).

import type { ComponentChildren } from 'preact';

/** A clock preset as a form offers it: its name in the list, and what it means in a sentence. */
export interface ClockChoice<Id extends string> {
  id: Id;
  name: string;
  /** What playing on it is like: "Live: about 20 seconds per choice — for playing together now." */
  about: string;
}

/** Daily is every form's first choice, as the API's (a game created without a clock is daily). */
export const DEFAULT_CLOCK_CHOICE = 'daily';

export function ClockField<Id extends string>({ id, clocks, value, onChange }: { id: string; clocks: readonly ClockChoice<Id>[]; value: Id; onChange: (clock: Id) => void }) {
  return (
    <div class="field">
      <label for={id}>Clock</label>
      <select id={id} value={value} aria-describedby={`${id}-about`} onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value as Id)}>
        {clocks.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      <p class="hint clock-about" id={`${id}-about`}>
        {clocks.map((option) => option.about).join(' ')} When time runs out, the server plays on for the seat.
      </p>
    </div>
  );
}

/** A seat as the form holds it: a bot's or not, and of which kind where there is a choice. */
export interface SeatPlay {
  bot: boolean;
  botKind?: string;
}

export function SeatsFieldset(props: {
  legend: string;
  /** The game's word for a seat: "seat", "block", "side". */
  noun: string;
  /** The radio group's name, one per form. */
  name: string;
  seats: readonly SeatPlay[];
  mySeat: number;
  onMySeat: (index: number) => void;
  onChange: (index: number, change: SeatPlay) => void;
  /** What makes seat `index` the game's own: its team, block name and colour, or side. */
  identity: (index: number) => ComponentChildren;
  /** The kinds of bot to choose from, if more than one. */
  botKinds?: readonly { id: string; name: string }[];
  /** Seats can be added up to `most` and removed down to `least`. */
  bounds?: { least: number; most: number; add: () => void; remove: (index: number) => void };
}) {
  const { noun, seats, mySeat, bounds } = props;
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {seats.map((seat, index) => (
        <div class="seat-row" key={index}>
          {props.identity(index)}
          <label class="inline">
            <input type="radio" name={props.name} checked={mySeat === index} onChange={() => props.onMySeat(index)} /> I play this {noun}
          </label>
          <label class="inline">
            <input
              type="checkbox"
              checked={seat.bot && mySeat !== index}
              disabled={mySeat === index}
              onChange={(event) => props.onChange(index, { ...seat, bot: (event.currentTarget as HTMLInputElement).checked })}
            />{' '}
            Bot
          </label>
          {props.botKinds && seat.bot && mySeat !== index && (
            <select value={seat.botKind} aria-label={`Bot of ${noun} ${index + 1}`} onChange={(event) => props.onChange(index, { ...seat, botKind: (event.currentTarget as HTMLSelectElement).value })}>
              {props.botKinds.map((bot) => (
                <option key={bot.id} value={bot.id}>
                  {bot.name}
                </option>
              ))}
            </select>
          )}
          {bounds && seats.length > bounds.least && (
            <button type="button" class="link" onClick={() => bounds.remove(index)} aria-label={`Remove ${noun} ${index + 1}`}>
              Remove
            </button>
          )}
        </div>
      ))}
      {bounds && seats.length < bounds.most && (
        <button type="button" onClick={bounds.add}>
          Add a {noun}
        </button>
      )}
    </fieldset>
  );
}

/** A private game is listed nowhere: its creator invites players with links from the game's page. */
export function PrivateField({ id, value, onChange }: { id: string; value: boolean; onChange: (value: boolean) => void }) {
  return (
    <div class="field">
      <label class="inline" for={id}>
        <input id={id} type="checkbox" checked={value} onChange={(event) => onChange((event.currentTarget as HTMLInputElement).checked)} /> Private: not in the lobby, by
        invite link only
      </label>
    </div>
  );
}
