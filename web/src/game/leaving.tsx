// Leaving a game, on every game's page: before the start, its creator calls it off and a seated
// player leaves it; during play, a seat a bot has been playing since its player let deadlines pass
// is taken back with one click, and the page says when each handover happened. Shared: it names
// no game.

import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, problemText, type AnyGame } from '../api/client.ts';
import type { ShellNames } from '../games/game-ui.ts';
import { useSession } from '../hooks.ts';

type Handover = { seat: number; kind: 'absent' | 'returned'; version: number; at: string };

export function Leaving({ game, names, onGame }: { game: AnyGame; names: ShellNames; onGame(next: AnyGame): void }) {
  const me = useSession();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [handovers, setHandovers] = useState<Handover[]>([]);
  const absent = game.seats.filter((seat) => seat.absent).map((seat) => seat.seat);
  const mine = game.mySeat === null ? null : game.seats.find((seat) => seat.seat === game.mySeat);

  // The record is read when a seat changes hands (a seat shown absent, or back): not on every move.
  useEffect(() => {
    if (game.status === 'open') return;
    void api.GET('/v1/games/{id}/handovers', { params: { path: { id: game.id } } }).then(({ data }) => data && setHandovers(data.handovers));
  }, [game.id, absent.join(',')]);

  async function act(work: () => Promise<{ error?: unknown }>, then: () => void) {
    setBusy(true);
    setError(null);
    const { error } = await work();
    setBusy(false);
    if (error) return setError(problemText(error));
    then();
  }

  const creator = me !== null && game.creator === me.handle;
  const open = game.status === 'open';
  const cancel = () =>
    act(() => api.DELETE('/v1/games/{id}', { params: { path: { id: game.id } } }), () => location.route('/games'));
  const leave = () =>
    act(() => api.POST('/v1/games/{id}/seats/{seat}/leave', { params: { path: { id: game.id, seat: game.mySeat! } } }), () => window.location.assign(`/games/${game.id}`));
  const takeBack = () =>
    act(async () => {
      const answer = await api.POST('/v1/games/{id}/seats/{seat}/return', { params: { path: { id: game.id, seat: game.mySeat! } } });
      if (answer.data) onGame(answer.data as AnyGame);
      return answer;
    }, () => undefined);

  const lines = handovers.map((h) =>
    h.kind === 'absent' ? `${names.seat(h.seat)} let too many deadlines pass: a bot has played the seat since move ${h.version}.` : `${names.seat(h.seat)} took the seat back at move ${h.version}.`,
  );
  const offerLeaving = open && mine !== undefined && mine !== null;
  if (!offerLeaving && !(open && creator) && !mine?.absent && lines.length === 0) return null;
  return (
    <section class="leaving" aria-label="Seats changing hands">
      {mine?.absent && game.status === 'active' && (
        <p class="absent" role="status">
          Your deadlines passed one after another, so a bot is playing your seat.{' '}
          <button type="button" disabled={busy} onClick={takeBack}>
            Take my seat back
          </button>
        </p>
      )}
      {open && creator && (confirming ? (
        <p class="confirm" role="group" aria-label="Confirm calling the game off">
          Call this game off? It disappears for everyone.{' '}
          <button type="button" class="danger" disabled={busy} onClick={cancel}>
            Yes, call it off
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            No
          </button>
        </p>
      ) : (
        <button type="button" class="link" onClick={() => setConfirming(true)}>
          Call this game off…
        </button>
      ))}{' '}
      {offerLeaving && (
        <button type="button" class="link" disabled={busy} onClick={leave}>
          Leave my seat
        </button>
      )}
      {lines.length > 0 && (
        <ul class="handovers" aria-label="Seats played by a bot">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </section>
  );
}
