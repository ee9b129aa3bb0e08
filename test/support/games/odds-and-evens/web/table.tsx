// Odds and Evens in the web client: a test-only game (its rules are ../index.ts), here to prove that
// a new game is one folder plus one registry line in the web client too. It never ships: the
// browser test test/e2e/fourth-game.e2e.ts copies web/, puts this folder at
// web/src/games/odds-and-evens/, adds its line to the copy's registry and builds that
// (test/e2e/support/web-with-game.ts).
//
// The table: both seats and what each may see of the picks; the awaited seat picks its number,
// then the first seat raises the stakes or lets the picks be shown, each by a button.

import type { GameUi, TableProps } from '../game-ui.ts';
import type { OddsAndEvensCommand, OddsAndEvensEvent, OddsAndEvensGame } from './api.ts';
import { CreateOddsAndEvens } from './create.tsx';
import { eventWords, ORDERS, seatNames, sideName } from './words.ts';

/** The game has no fixed data (no content, no map). */
type NoData = null;

export const oddsAndEvens: GameUi<OddsAndEvensGame, NoData> = {
  name: 'Odds and Evens',
  title: (game) => `Odds and Evens: ${game.options.seats.map((seat) => sideName(seat.side)).join(' v ')}`,
  seatName: (game, seat) => sideName(game.options.seats[seat]?.side),
  winners: (game) => (game.view.winner === null ? [] : [game.view.winner]),
  Create: CreateOddsAndEvens,
  load: async () => null,
  names(game) {
    const seat = seatNames(game);
    return { seat, event: (event) => eventWords(event as OddsAndEvensEvent, seat) };
  },
  Table: OddsAndEvensTable,
  orders: ORDERS,
  Picture: ({ game }) => <Seats game={game} />,
};

// Inline, so that the game brings no stylesheet of its own.
const ROW = { display: 'flex', flexWrap: 'wrap', gap: '0.5rem', margin: '0.5rem 0' } as const;

function OddsAndEvensTable({ game, mine, sending, send }: TableProps<OddsAndEvensGame, NoData>) {
  const commands: OddsAndEvensCommand[] = mine ? game.legalCommands : [];
  const picks = commands.flatMap((command) => (command.type === 'PICK' ? [command] : []));
  const responses = commands.flatMap((command) => (command.type === 'RESPOND' ? [command] : []));
  return (
    <section class="odds-and-evens" aria-label="The table">
      <Seats game={game} />
      {picks.length > 0 && (
        <div class="buttons" style={ROW} role="group" aria-label="Pick a number">
          {picks.map((command) => (
            <button key={command.number} type="button" disabled={sending} onClick={() => send(command)}>
              {command.number}
            </button>
          ))}
        </div>
      )}
      {responses.length > 0 && (
        <div class="buttons" style={ROW} role="group" aria-label="Raise the stakes or not">
          {responses.map((command) => (
            <button key={String(command.raise)} type="button" disabled={sending} onClick={() => send(command)}>
              {command.raise ? 'Raise the stakes' : 'Show the picks'}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

/** Each seat and its pick as this reader may see it: the other seat's stays hidden until the end. */
function Seats({ game }: { game: OddsAndEvensGame }) {
  const view = game.view;
  const name = seatNames(game);
  const shown = view.seats.map((seat) => seat.pick ?? null);
  const sum = view.phase === 'over' && shown.every((pick) => pick !== null) ? shown.reduce((a, b) => a! + b!, 0) : null;
  return (
    <div class="oe-seats">
      <ul aria-label="The picks">
        {view.seats.map((seat) => (
          <li key={seat.seat}>
            {name(seat.seat)}: {seat.pick != null ? `picked ${seat.pick}` : seat.picked ? 'has picked' : 'is picking'}
          </li>
        ))}
      </ul>
      {view.raised && <p>The stakes are raised: 2 points.</p>}
      {sum !== null && (
        <p>
          The sum is {sum}, {sum % 2 === 1 ? 'odd' : 'even'}.
        </p>
      )}
    </div>
  );
}
