// A finished game's replay: step through its log move by move, the board and the scores as they
// stood after each event (the API's `GET /v1/games/{id}?at=<version>`), with the event in words, or
// let it play on its own at a chosen speed. The address carries the move (`?move=12`), so a link
// shared opens at that move. The boards are the game's own picture (web/src/games/<game>/).

import { useEffect, useMemo, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import type { AnyGame, FeedEvent } from '../api/client.ts';
import { uiOf } from '../games/registry.ts';
import { usePageTitle } from '../title.ts';
import { fetchAnyGame, fetchEvents } from './game.tsx';

/** Milliseconds each move is shown while the replay plays, by the speed's name. */
export const SPEEDS = { Slow: 2500, Normal: 1200, Fast: 500, 'Very fast': 150 } as const;
type Speed = keyof typeof SPEEDS;

/** The move the address asks for (1-based, `?move=`), as a step index. */
function stepFromQuery(move: string | undefined): number {
  const number = Number(move);
  return Number.isInteger(number) && number >= 1 ? number - 1 : 0;
}

export function ReplayPage({ id }: { id: string }) {
  const [base, setBase] = useState<{ game: AnyGame; data: unknown; events: FeedEvent[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { query } = useLocation();
  const [step, setStep] = useState(() => stepFromQuery(query.move));
  const [shown, setShown] = useState<{ seq: number; game: AnyGame } | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>('Normal');
  const [copied, setCopied] = useState(false);
  const cache = useMemo(() => new Map<number, Promise<AnyGame>>(), [id]);
  const fetchAt = (seq: number) => {
    let promise = cache.get(seq);
    if (!promise) {
      promise = fetchAnyGame(id, seq);
      cache.set(seq, promise);
    }
    return promise;
  };

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
  usePageTitle(base && ui ? `Replay: ${ui.title(base.game)}` : error ? 'Replay' : null);

  // A move past the end (a link to a longer game, a typo) shows the last.
  useEffect(() => {
    if (steps.length && step > steps.length - 1) setStep(steps.length - 1);
  }, [steps]);

  useEffect(() => {
    const event = steps[step];
    if (!event) return;
    let live = true;
    fetchAt(event.seq).then(
      (game) => live && setShown({ seq: event.seq, game }),
      (caught: unknown) => live && setError(caught instanceof Error ? caught.message : String(caught)),
    );
    // The next move is fetched ahead, so playing on does not wait for it.
    const next = steps[step + 1];
    if (next) fetchAt(next.seq).catch(() => undefined);
    // The address follows the move shown, to be shared (replaced: Back leaves the replay); the
    // replay's own address stays as it is until the first move is left.
    if (step > 0 || new URLSearchParams(globalThis.location?.search).has('move')) {
      globalThis.history?.replaceState(globalThis.history.state, '', `/games/${id}/replay?move=${step + 1}`);
    }
    setCopied(false);
    return () => {
      live = false;
    };
  }, [steps, step]);

  // Playing: the next move once this one has been shown for the speed's time; it stops at the last.
  const current = steps[step];
  const shownNow = Boolean(shown && current && shown.seq === current.seq);
  useEffect(() => {
    if (!playing || !shownNow) return;
    if (step >= steps.length - 1) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setStep((at) => Math.min(at + 1, steps.length - 1)), SPEEDS[speed]);
    return () => clearTimeout(timer);
  }, [playing, shownNow, step, speed, steps]);

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
  const go = (next: number) => setStep(Math.max(0, Math.min(last, next)));
  const link = `${globalThis.location?.origin ?? ''}/games/${id}/replay?move=${step + 1}`;
  const copyLink = () =>
    navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => undefined,
    );
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
      <div class="replay-controls" role="group" aria-label="Play the game on its own">
        <button
          type="button"
          aria-pressed={playing}
          onClick={() => {
            // Playing from the last move starts again from the first.
            if (!playing && step === last) setStep(0);
            setPlaying(!playing);
          }}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <label>
          Speed{' '}
          <select value={speed} onChange={(event) => setSpeed((event.currentTarget as HTMLSelectElement).value as Speed)}>
            {Object.keys(SPEEDS).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <a href={link} class="replay-link">
          Link to this move
        </a>
        {navigator.clipboard && (
          <button type="button" class="link" onClick={copyLink}>
            {copied ? 'Link copied' : 'Copy the link'}
          </button>
        )}
      </div>
      <p class="replay-event" role="status">
        Move {step + 1} of {steps.length}: {current ? names.event(current.data) : ''}
      </p>
      {shown && shown.game.game === base.game.game && <ui.Picture game={shown.game} data={base.data} />}
    </main>
  );
}
