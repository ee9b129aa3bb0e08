// A finished game's replay: step through its log move by move, the board as it stood after each
// event (the API's `GET /v1/games/{id}?at=<version>`), with the event in words.

import { useEffect, useMemo, useState } from 'preact/hooks';
import { loadContent, loadMap, type Content, type FeedEvent, type Game, type GameMap } from '../api/client.ts';
import { Board } from '../games/helter-skelter/board.tsx';
import { eventWords, namesFrom } from '../games/helter-skelter/words.ts';
import { TEAM_LOOKS } from '../teams.tsx';
import { fetchEvents, fetchGame } from './game.tsx';

const NOTHING = new Set<never>();

export function ReplayPage({ id }: { id: string }) {
  const [base, setBase] = useState<{ game: Game; content: Content; map: GameMap; events: FeedEvent[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [shown, setShown] = useState<Game | null>(null);
  const cache = useMemo(() => new Map<number, Promise<Game>>(), [id]);

  useEffect(() => {
    (async () => {
      try {
        const [game, content, events] = await Promise.all([fetchGame(id), loadContent(), fetchEvents(id)]);
        setBase({ game, content, map: await loadMap(game.view.map), events });
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : String(caught));
      }
    })();
  }, [id]);

  const names = useMemo(
    () => (base ? namesFrom(base.content, base.game.seats.map((seat) => `${seat.player ?? 'Bot'} (${TEAM_LOOKS[base.game.options.seats[seat.seat]!.team].name})`)) : null),
    [base],
  );
  // The steps: the events a player would read (bookkeeping events are passed over).
  const steps = useMemo(() => (base && names ? base.events.filter((event) => eventWords(event.data, names) !== null) : []), [base, names]);

  useEffect(() => {
    const event = steps[step];
    if (!event) return;
    let promise = cache.get(event.seq);
    if (!promise) {
      promise = fetchGame(id, event.seq);
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
  if (!base || !names) return <main><p aria-busy="true">Loading the replay…</p></main>;
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
      <h1>Replay: {base.game.options.seats.map((seat) => TEAM_LOOKS[seat.team].name).join(' v ')}</h1>
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
        Move {step + 1} of {steps.length}: {current ? eventWords(current.data, names) : ''}
      </p>
      {shown && (
        <Board
          map={base.map}
          view={shown.view}
          content={base.content}
          targets={NOTHING}
          onTarget={() => undefined}
          actors={NOTHING}
          selectedActor={null}
          onActor={() => undefined}
          sightLines={[]}
          unseen={null}
        />
      )}
    </main>
  );
}
