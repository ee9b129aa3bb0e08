// "Take this seat" for each free seat of a game that waits for players, on its page (public games)
// and on an invitation's page (private ones, with the invitation's token). A visitor who is not
// signed in is sent to sign up (or log in) and comes back to the same link with the seat chosen
// (`?seat=N`), which is then taken. The creator of a private game makes its invite links here.

import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, problemText, type AnyGame } from '../api/client.ts';
import { uiOf } from '../games/registry.ts';
import { useSession } from '../hooks.ts';
import { InviteLink } from './invite-link.tsx';

/** The same link with the chosen seat, for the way back from signing up or logging in. */
const withSeat = (path: string, seat: number) => `${path}${path.includes('?') ? '&' : '?'}seat=${seat}`;

export function FreeSeats({ game, invite, path }: { game: AnyGame; invite?: string; path?: string }) {
  const me = useSession();
  const location = useLocation();
  const here = path ?? location.path;
  const chosen = location.query.seat === undefined ? null : Number(location.query.seat);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ui = uiOf(game);
  const free = game.status === 'open' && game.mySeat === null ? game.seats.filter((seat) => seat.player === null && !seat.bot) : [];

  async function take(seat: number) {
    if (!me) return location.route(`/signup?next=${encodeURIComponent(withSeat(here, seat))}`);
    setBusy(true);
    setError(null);
    const { error } = await api.POST('/v1/games/{id}/seats/{seat}/claim', {
      params: { path: { id: game.id, seat }, header: invite === undefined ? {} : { 'invite-token': invite } },
    });
    setBusy(false);
    if (error) return setError(problemText(error));
    // A whole load of the game's page: what the seat sees, its stream and its prompts start afresh.
    window.location.assign(`/games/${game.id}`);
  }

  // Back from signing up or logging in with a seat chosen: take it, as the visitor asked.
  const pending = me && chosen !== null && free.some((seat) => seat.seat === chosen) ? chosen : null;
  useEffect(() => {
    if (pending !== null && !busy) void take(pending);
  }, [pending]);

  const creator = me !== null && game.creator === me.handle;
  if (free.length === 0 && !(creator && game.private)) return null;
  return (
    <section class="free-seats" aria-labelledby="free-seats-title">
      <h2 id="free-seats-title">Seats</h2>
      {free.length > 0 && (
        <ul>
          {free.map((seat) => (
            <li key={seat.seat}>
              Free seat ({ui.seatName(game, seat.seat)}){' '}
              <button type="button" disabled={busy} onClick={() => take(seat.seat)} aria-label={`Take this seat: ${ui.seatName(game, seat.seat)}`}>
                Take this seat
              </button>
            </li>
          ))}
        </ul>
      )}
      {!me && free.length > 0 && <p class="hint">You will be asked to sign up or log in first, then brought back here.</p>}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {creator && game.private && game.status === 'open' && <InviteLink gameId={game.id} />}
    </section>
  );
}
