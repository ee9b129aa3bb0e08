// The game page's shell: the header, who we wait for with the countdown, the result, refusals,
// standing orders, the event log in words and the chat, kept live over SSE. What is drawn on the
// table (board, hand or pools, the choosing of a command) is the game's own: web/src/games/<game>/.

import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, problemText, type AnyCommand, type AnyGame, type FeedEvent } from '../api/client.ts';
import { ChatPanel } from '../game/chat.tsx';
import { SeatOrders } from '../game/seat-orders.tsx';
import { Countdown } from '../game/countdown.tsx';
import { FairnessBlock } from '../game/fairness.tsx';
import { LEGEND, OpenRules, RulesPanel } from '../game/reference.tsx';
import { FreeSeats } from '../game/free-seats.tsx';
import { RematchPanel } from '../game/rematch.tsx';
import { Leaving } from '../game/leaving.tsx';
import { Resign } from '../game/resign.tsx';
import { latest } from '../game/latest.ts';
import { followGame } from '../game/stream.ts';
import type { ShellNames } from '../games/game-ui.ts';
import { uiOf } from '../games/registry.ts';
import { useSession } from '../hooks.ts';
import { loginHref } from './auth.tsx';
import { refreshAwaiting, usePageTitle } from '../title.ts';

/** Any game, at its latest version or (`at`) as it stood after an event. */
export async function fetchAnyGame(id: string, at?: number): Promise<AnyGame> {
  const { data, error } = await api.GET('/v1/games/{id}', { params: { path: { id }, query: at === undefined ? {} : { at } } });
  if (!data) throw new Error(problemText(error));
  return data as AnyGame;
}

export async function fetchEvents(id: string): Promise<FeedEvent[]> {
  const events: FeedEvent[] = [];
  for (;;) {
    const after = events.length ? events[events.length - 1]!.seq : 0;
    const { data, error } = await api.GET('/v1/games/{id}/events', { params: { path: { id }, query: { after } } });
    if (!data) throw new Error(problemText(error));
    events.push(...data.events);
    if (data.events.length < 1000) return events;
  }
}

export function GamePage({ id }: { id: string }) {
  const me = useSession();
  const [game, setGame] = useState<AnyGame | null>(null);
  // The game's fixed data once loaded, boxed: a game that has none loads null (GameUi.load).
  const [fixed, setFixed] = useState<{ data: unknown } | null>(null);
  const [events, setEvents] = useState<FeedEvent[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [connection, setConnection] = useState<'connecting' | 'live' | 'reconnecting'>('connecting');
  const [sending, setSending] = useState(false);
  /** The rules panel's section while it is open (undefined: closed). */
  const [rules, setRules] = useState<string | null | undefined>(undefined);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let live = true;
    let stream: { close(): void } | null = null;
    setGame(null);
    setFixed(null);
    setEvents([]);
    (async () => {
      try {
        const [first, loadedEvents] = await Promise.all([fetchAnyGame(id), fetchEvents(id)]);
        const loaded = await uiOf(first).load(first);
        if (!live) return;
        setFixed({ data: loaded });
        setGame(first);
        setEvents(loadedEvents);
        const after = loadedEvents.length ? loadedEvents[loadedEvents.length - 1]!.seq : 0;
        stream = followGame(id, after, {
          onEvent: (event) => {
            setEvents((list) => (list.some((other) => other.seq === event.seq) ? list : [...list, event]));
            scheduleRefresh();
          },
          onState: (state) => {
            setConnection(state);
            // Back after a gap: the game may have moved while we were away.
            if (state === 'live') scheduleRefresh();
          },
        });
      } catch (error) {
        if (live) setLoadError(error instanceof Error ? error.message : String(error));
      }
    })();
    function scheduleRefresh() {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(async () => {
        try {
          const next = await fetchAnyGame(id);
          if (live) setGame((current) => latest(current, next));
        } catch {
          /* the next event retries */
        }
      }, 120);
    }
    return () => {
      live = false;
      stream?.close();
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    };
  }, [id, me?.token]);

  const ui = game ? uiOf(game) : null;
  const names: ShellNames | null = useMemo(() => (game && ui && fixed ? ui.names(game, fixed.data) : null), [fixed, game?.seats, ui]);
  // The tab says "Your move" while this game awaits me; its count of games awaiting me follows this game's moves too.
  const awaitsMe = Boolean(game && game.mySeat !== null && game.awaiting.some((awaited) => awaited.seat === game.mySeat));
  usePageTitle(game && ui ? ui.title(game) : loadError ? 'Game' : null, game ? { awaitsMe } : undefined);
  useEffect(() => {
    if (game && me) refreshAwaiting();
  }, [game?.version, awaitsMe]);

  if (loadError) {
    return (
      <main>
        <h1>Game</h1>
        <p role="alert" class="error">
          {loadError}
        </p>
      </main>
    );
  }
  if (!game || !ui || !fixed || !names) {
    return (
      <main>
        <p aria-busy="true">Loading the game…</p>
      </main>
    );
  }

  const data = fixed.data;
  const mine = game.awaiting.find((awaited) => awaited.seat === game.mySeat);
  const finished = game.status === 'finished' || game.status === 'abandoned';
  const winners = ui.winners(game);
  const Table = ui.Table;

  async function send(command: AnyCommand) {
    setSending(true);
    setRefusal(null);
    // The answer carries the game as this seat now sees it (RFC 7240): no read after each move.
    const { data, error } = await api.POST('/v1/games/{id}/commands', {
      params: { path: { id }, header: { prefer: 'return=representation' } },
      body: command,
    });
    setSending(false);
    // Refused or not, show the game as it now stands (a refusal often means it moved on).
    if (error) setRefusal(problemText(error));
    const next = data?.game ? (data.game as AnyGame) : data || error ? await fetchAnyGame(id).catch(() => null) : null;
    if (next) setGame((current) => latest(current, next));
  }

  const reference = ui.reference;
  const openRules = reference ? (section?: string) => setRules(section ?? ui.rulesSection?.(game) ?? null) : null;

  return (
    <OpenRules.Provider value={openRules}>
    <main class={`game-page ${game.game}`} data-version={game.version} data-status={game.status} data-awaiting-me={mine ? 'yes' : 'no'}>
      <h1>{ui.title(game)}</h1>
      {openRules && (
        <p class="rules-links">
          <button type="button" class="link" onClick={() => openRules()}>
            Rules
          </button>
          <button type="button" class="link" onClick={() => openRules(LEGEND)}>
            Key to the board
          </button>
        </p>
      )}
      {reference && rules !== undefined && <RulesPanel name={ui.name} reference={reference} section={rules} onClose={() => setRules(undefined)} />}
      {!me && (
        <p>
          You are watching. <a href={loginHref(`/games/${id}`)}>Log in</a> to play your seat.
        </p>
      )}
      <p class="connection" aria-live="polite">
        {connection === 'reconnecting' ? 'Connection lost: reconnecting…' : connection === 'connecting' ? 'Connecting…' : ''}
      </p>
      <section class="status" aria-label="Game status">
        {finished ? (
          <p class="result" role="status">
            {game.status === 'abandoned'
              ? 'This game was abandoned.'
              : winners.length
                ? `Game over: ${winners.map(names.seat).join(' and ')} ${winners.length === 1 ? 'wins' : 'win'}.`
                : 'Game over: no winner.'}{' '}
            <a href={`/games/${id}/replay`}>Replay it move by move</a>
          </p>
        ) : game.status === 'open' ? (
          <p>Waiting for players to take their seats.</p>
        ) : (
          <p class="waiting">
            {mine ? <strong>Your move</strong> : 'Waiting for '}
            {!mine && game.awaiting.map((awaited) => `${names.seat(awaited.seat)} (${awaited.situation})`).join(', ')}
            {mine && <Countdown deadline={mine.deadline} label="Time to act" />}
          </p>
        )}
      </section>

      {finished && <RematchPanel gameId={id} mySeat={game.seats.some((seat) => seat.seat === game.mySeat && !seat.bot) ? game.mySeat : null} seatName={names.seat} />}
      <FreeSeats game={game} />
      <Leaving game={game} names={names} onGame={(next) => setGame((current) => latest(current, next))} />
      {refusal && (
        <p role="alert" class="error refusal">
          {refusal}
        </p>
      )}

      <Table game={game} data={data} mine={mine} sending={sending} send={send} clearRefusal={() => setRefusal(null)} />

      {!ui.ownGivingUp && <Resign game={game} sending={sending} send={send} />}
      {game.mySeat !== null && !finished && ui.orders.length > 0 && <SeatOrders gameId={id} seat={game.mySeat} fields={ui.orders} />}
      <FairnessBlock game={game} />
      <EventLog events={events} words={names.event} />
      <ChatPanel gameId={id} me={me?.handle ?? null} seatName={names.seat} />
    </main>
    </OpenRules.Provider>
  );
}

function EventLog({ events, words }: { events: FeedEvent[]; words: ShellNames['event'] }) {
  const lines = events.map((event) => ({ seq: event.seq, text: words(event.data) })).filter((line) => line.text);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lines.length]);
  return (
    <section class="log" aria-labelledby="log-title">
      <h2 id="log-title">What happened</h2>
      <ol ref={list} tabIndex={0} aria-label="Event log">
        {lines.map((line) => (
          <li key={line.seq}>{line.text}</li>
        ))}
      </ol>
    </section>
  );
}
