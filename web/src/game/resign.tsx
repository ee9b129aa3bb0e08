// Resigning, on every game's page: shown when the seat's `anytimeCommands` hold one that gives the
// game up (the API's `givingUp`), behind a confirmation. What it means is the game's ruling, told by
// the game's own words in the log once it is sent. Shared: it names no game, and a game whose
// table offers its own (GameUi.ownGivingUp) is left to it.

import { useState } from 'preact/hooks';
import type { AnyCommand, AnyGame } from '../api/client.ts';

export function Resign({ game, sending, send }: { game: AnyGame; sending: boolean; send(command: AnyCommand): Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const resign = (game.anytimeCommands as AnyCommand[]).find((command) => game.givingUp.includes(command.type));
  if (!resign) return null;
  return (
    <section class="resign" aria-label="Resign">
      {confirming ? (
        <p class="confirm" role="group" aria-label="Confirm resignation">
          Resign this game? You cannot take it back.{' '}
          <button type="button" class="danger" disabled={sending} onClick={() => (setConfirming(false), void send(resign))}>
            Yes, resign
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            No
          </button>
        </p>
      ) : (
        <button type="button" class="link" onClick={() => setConfirming(true)}>
          Resign…
        </button>
      )}
    </section>
  );
}
