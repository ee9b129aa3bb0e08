// A rematch, on an ended game's page: "Offer a rematch" for its players, "Accept" and "Decline"
// for the others, and a link to the new game once everyone has said yes (GET/POST
// /v1/games/{id}/rematch…). The offer is read again every few seconds while an answer may come,
// so each player sees the others' answers and the new game without reloading.

import { useEffect, useState } from 'preact/hooks';
import { api, problemText, type Schemas } from '../api/client.ts';

type Rematch = Schemas['Rematch'];

/** How often the offer is read again while someone may still answer it. */
const POLL_MS = 2500;

export function RematchPanel({ gameId, mySeat, seatName }: { gameId: string; mySeat: number | null; seatName: (seat: number) => string }) {
  const [rematch, setRematch] = useState<Rematch | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settled = rematch?.status === 'started';

  useEffect(() => {
    let live = true;
    async function read() {
      const { data } = await api.GET('/v1/games/{id}/rematch', { params: { path: { id: gameId } } });
      if (live && data) setRematch(data.rematch);
    }
    void read();
    // Only a player waits for answers; a spectator reads the offer once.
    const timer = mySeat !== null && !settled ? setInterval(() => void read(), POLL_MS) : null;
    return () => {
      live = false;
      if (timer) clearInterval(timer);
    };
  }, [gameId, mySeat, settled]);

  async function act(send: () => Promise<{ data?: Rematch; error?: unknown }>) {
    setBusy(true);
    setError(null);
    const { data, error: problem } = await send();
    setBusy(false);
    if (data) setRematch(data);
    else setError(problemText(problem));
  }
  const params = { params: { path: { id: gameId } } };
  const offerIt = () => act(() => api.POST('/v1/games/{id}/rematch', params));
  const accept = () => act(() => api.POST('/v1/games/{id}/rematch/accept', params));
  const decline = () => act(() => api.POST('/v1/games/{id}/rematch/decline', params));

  if (rematch === undefined) return null;
  const offer = (
    <button type="button" disabled={busy} onClick={() => void offerIt()}>
      Offer a rematch
    </button>
  );
  return (
    <section class="rematch" aria-label="Rematch">
      {rematch === null ? (
        mySeat !== null && <p>{offer} The same players and options, each one seat on.</p>
      ) : rematch.status === 'started' ? (
        <p role="status">
          Everyone accepted. <a href={`/games/${rematch.game}`}>Play the rematch</a>
        </p>
      ) : rematch.status === 'declined' ? (
        <p role="status">
          {rematch.declined.map(seatName).join(', ')} declined the rematch. {mySeat !== null && offer}
        </p>
      ) : (
        <p role="status">
          {seatName(rematch.offeredBy)} offered a rematch; waiting for {rematch.waitingFor.map(seatName).join(', ')}.{' '}
          {mySeat !== null && rematch.waitingFor.includes(mySeat) && (
            <>
              <button type="button" disabled={busy} onClick={() => void accept()}>
                Accept
              </button>{' '}
              <button type="button" disabled={busy} onClick={() => void decline()}>
                Decline
              </button>
            </>
          )}
        </p>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </section>
  );
}
