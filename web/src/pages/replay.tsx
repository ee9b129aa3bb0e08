// A finished game's replay: step through its log move by move, the board as it stood after each
// event (the API's `GET /v1/games/{id}?at=<version>`), with the event in words. The boards are the
// game's own picture (web/src/games/<game>/), the same for every game.

import { useEffect, useMemo, useState } from 'preact/hooks';
import type { AnyGame, FeedEvent } from '../api/client.ts';
import { uiOf } from '../games/registry.ts';
import { fetchAnyGame, fetchEvents } from './game.tsx';

export function ReplayPage({ id }: { id: string }) {
  const [base, setBase] = useState<{ game: AnyGame; data: unknown; events: FeedEvent[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [shown, setShown] = useState<AnyGame | null>(null);
  const cache = useMemo(() => new Map<number, Promise<AnyGame>>(), [id]);

  useEffect(() => {
    (async () => {
      try {
        const [game, events] = await Promise.all([fetchAnyGame(id), fetchEvents(id)]);
        setBase({ game, data: await uiOf(game).load(game), events });
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : String(caught));
      }
    })();
  }, [id]);

  const ui = base ? uiOf(base.game) : null;
  const names = useMemo(() => (base && ui ? ui.names(base.game, base.data) : null), [base]);
  // The steps: the events a player would read (bookkeeping events are passed over).
  const steps = useMemo(() => (base && names ? base.events.filter((event) => names.event(event.data) !== null) : []), [base, names]);

  useEffect(() => {
    const event = steps[step];
    if (!event) return;
    let promise = cache.get(event.seq);
    if (!promise) {
      promise = fetchAnyGame(id, event.seq);
      cache.set(event.seq, promise);
    }
    let live = true;
    promise.then((game) => live && setShown(game), (caught: unknown) => live && setError(caught instanceof Error ? caught.message : String(caught)));
    return () => {
      live = false;
    };
  }, [steps, step]);

  if (error) {
    return (
      <main>
        <h1>Replay</h1>
        <p role="alert" class="error">
          {error}
        </p>
      </main>
    );
  }
  if (!base || !names || !ui) return <main><p aria-busy="true">Loading the replay…</p></main>;
  if (base.game.status !== 'finished' && base.game.status !== 'abandoned') {
    return (
      <main>
        <h1>Replay</h1>
        <p>
          This game is still being played: its replay opens once it is over. <a href={`/games/${id}`}>Back to the game</a>.
        </p>
      </main>
    );
  }
  const last = steps.length - 1;
  const current = steps[step];
  const go = (next: number) => setStep(Math.max(0, Math.min(last, next)));
  return (
    <main class="game-page replay" data-step={step}>
      <h1>Replay: {ui.title(base.game)}</h1>
      <p>
        <a href={`/games/${id}`}>Back to the game</a>
      </p>
      <div class="replay-controls" role="group" aria-label="Step through the game">
        <button type="button" onClick={() => go(0)} disabled={step === 0}>
          First
        </button>
        <button type="button" onClick={() => go(step - 1)} disabled={step === 0}>
          Previous
        </button>
        <label>
          <span class="visually-hidden">Move</span>
          <input type="range" min={0} max={last} value={step} onInput={(event) => go(Number((event.currentTarget as HTMLInputElement).value))} aria-valuetext={`Move ${step + 1} of ${steps.length}`} />
        </label>
        <button type="button" onClick={() => go(step + 1)} disabled={step === last}>
          Next
        </button>
        <button type="button" onClick={() => go(last)} disabled={step === last}>
          Last
        </button>
      </div>
      <p class="replay-event" role="status">
        Move {step + 1} of {steps.length}: {current ? names.event(current.data) : ''}
      </p>
      {shown && shown.game === base.game.game && <ui.Picture game={shown} data={base.data} />}
    </main>
  );
}
