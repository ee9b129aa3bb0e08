// The game page: the board, my hand, the legal commands as things to tap, prompts with their
// countdown, scores, who we wait for, and the event log in words, kept live over SSE.

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, loadContent, loadMap, problemText, type Command, type Content, type FeedEvent, type Game, type GameMap } from '../api/client.ts';
import { Board } from '../game/board.tsx';
import { ChatPanel } from '../game/chat.tsx';
import { SeatOrders } from '../game/seat-orders.tsx';
import { afterPick, afterTarget, attackLine, isButtonCommand, picks, playable, samePick, type Pick } from '../game/choices.ts';
import { Countdown } from '../game/countdown.tsx';
import { followGame } from '../game/stream.ts';
import { commandWords, eventWords, namesFrom, type Names } from '../game/words.ts';
import { useSession } from '../hooks.ts';
import { TEAM_LOOKS, TeamBadge } from '../teams.tsx';
import { loginHref } from './auth.tsx';

export async function fetchGame(id: string, at?: number): Promise<Game> {
  const { data, error } = await api.GET('/v1/games/{id}', { params: { path: { id }, query: at === undefined ? {} : { at } } });
  if (!data) throw new Error(problemText(error));
  // The pages draw Helter Skelter's board; another game is played through the API for now.
  if (data.game !== 'helter-skelter') throw new Error(`This page shows Helter Skelter games; this one is ${data.game}: play it through the API (/docs).`);
  return data as Game;
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
  const [game, setGame] = useState<Game | null>(null);
  const [content, setContent] = useState<Content | null>(null);
  const [map, setMap] = useState<GameMap | null>(null);
  const [events, setEvents] = useState<FeedEvent[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [connection, setConnection] = useState<'connecting' | 'live' | 'reconnecting'>('connecting');
  const [pick, setPick] = useState<Pick | null>(null);
  const [chosenSpace, setChosenSpace] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let live = true;
    let stream: { close(): void } | null = null;
    setGame(null);
    setEvents([]);
    (async () => {
      try {
        const [first, loadedContent, loadedEvents] = await Promise.all([fetchGame(id), loadContent(), fetchEvents(id)]);
        if (!live) return;
        setContent(loadedContent);
        setGame(first);
        setEvents(loadedEvents);
        setMap(await loadMap(first.view.map));
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
          const next = await fetchGame(id);
          if (live) setGame((current) => (current && current.version > next.version ? current : next));
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

  // A choice made on an older version may no longer be legal. A layout effect, run as the new
  // version is drawn: an effect would run a frame later and could undo a pick made in between.
  useLayoutEffect(() => {
    setPick(null);
    setChosenSpace(null);
  }, [game?.version]);

  // Keyboard players: once a card or figure is picked, focus goes to the first space it can be
  // aimed at, in the same commit that highlights the spaces (so a key pressed as soon as they show
  // finds the focus there).
  useLayoutEffect(() => {
    if (pick) document.querySelector<SVGGElement>('.board .space.target')?.focus();
  }, [pick]);

  // Escape puts the pick back. Listened for from the page's start, not added once a pick is made:
  // an effect runs only after the next frame, so an Escape pressed as soon as the highlighted
  // spaces showed was lost, and they stayed (the flaky two-players browser test).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setPick(null);
      setChosenSpace(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const names: Names | null = useMemo(() => {
    if (!content || !game) return null;
    return namesFrom(
      content,
      game.seats.map((seat) => `${seat.player ?? (seat.bot ? 'Bot' : 'Free seat')} (${TEAM_LOOKS[game.options.seats[seat.seat]!.team].name})`),
    );
  }, [content, game?.seats]);

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
  if (!game || !content || !map || !names) {
    return (
      <main>
        <p aria-busy="true">Loading the game…</p>
      </main>
    );
  }

  const view = game.view;
  const commands = playable(game.legalCommands);
  const mine = game.awaiting.find((awaited) => awaited.seat === game.mySeat);
  const mySeatView = view.seats.find((seat) => seat.seat === game.mySeat);
  const allPicks = picks(commands);
  const opened = pick ? afterPick(commands, pick, view) : null;
  const options = pick && chosenSpace !== null ? afterTarget(commands, pick, chosenSpace, view) : null;
  const buttons = commands.filter(isButtonCommand);
  // Defence, INTERRUPT and set-up answers are given in their prompt, beside its countdown.
  const prompted = !finishedStatus(game.status) && Boolean(mine) && view.situation.kind !== 'turn';
  const cardByID = new Map(content.cards.map((card) => [card.id, card]));

  async function send(command: Command) {
    setSending(true);
    setRefusal(null);
    const { data, error } = await api.POST('/v1/games/{id}/commands', { params: { path: { id } }, body: command });
    setSending(false);
    setPick(null);
    setChosenSpace(null);
    // Refused or not, show the game as it now stands (a refusal often means it moved on).
    if (error) setRefusal(problemText(error));
    if (data || error) setGame(await fetchGame(id).catch(() => game!));
  }

  function choosePick(next: Pick) {
    setRefusal(null);
    setChosenSpace(null);
    setPick(samePick(pick, next) ? null : next);
  }

  function chooseSpace(space: number) {
    if (!pick) return;
    const left = afterTarget(commands, pick, space, view);
    if (left.length === 1) void send(left[0]!);
    else setChosenSpace(space);
  }

  // Line of sight while choosing the target of an attack: from the attacker to each target, and
  // the spaces it cannot see dimmed.
  const attacks = (opened?.commands ?? []).map(attackLine).filter((line) => line !== null);
  const attackerSpace = attacks.length ? view.characters.find((entry) => entry.id === attacks[0]!.attacker)?.space ?? null : null;
  const sightLines =
    attackerSpace === null
      ? []
      : attacks.flatMap((line) => {
          const to = view.characters.find((entry) => entry.id === line.defender)?.space;
          return to ? [{ from: attackerSpace, to }] : [];
        });
  const sees = attackerSpace === null ? null : new Set(map.spaces.find((space) => space.designation === attackerSpace)?.sees ?? []);
  const unseen = sees ? new Set(map.spaces.map((space) => space.designation).filter((designation) => !sees.has(designation))) : null;

  const characterPicks = new Set(allPicks.filter((entry) => entry.kind === 'character').map((entry) => (entry as { character: string }).character));
  const cardPicks = new Set(allPicks.filter((entry) => entry.kind === 'card').map((entry) => (entry as { card: string }).card));
  const onBoard = new Set(view.characters.filter((entry) => entry.status === 'deployed').map((entry) => entry.id));
  const reserve = view.characters.filter((entry) => entry.seat === game.mySeat && entry.status === 'undeployed');
  const selectedActor = pick?.kind === 'character' ? pick.character : null;
  const situation = view.situation;
  const finished = game.status === 'finished' || game.status === 'abandoned';
  const title = game.options.seats.map((seat) => TEAM_LOOKS[seat.team].name).join(' v ');

  return (
    <main class="game-page" data-version={game.version} data-status={game.status} data-awaiting-me={mine ? "yes" : "no"}>
      <h1>{title}</h1>
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
              : view.winners.length
                ? `Game over: ${view.winners.map(names.seat).join(' and ')} ${view.winners.length === 1 ? 'wins' : 'win'}.`
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

      {!finished && mine && situation.kind !== 'turn' && (
        <section class="prompt" aria-labelledby="prompt-title" role="region">
          <h2 id="prompt-title">
            {situation.kind === 'defence'
              ? `${names.character(situation.attack.character)} ${situation.attack.action} for ${situation.attack.damage} damage: defend!`
              : situation.kind === 'interrupt'
                ? 'INTERRUPT? You may take an interrupting turn.'
                : situation.kind === 'target'
                  ? `${names.character(situation.judge)} ${situation.action}: choose which of your characters on space ${situation.space} it targets.`
                  : buttons.some((command) => command.type === 'PLACE_CHARACTERS')
                    ? 'Set-up: choose where your characters start.'
                    : buttons.some((command) => command.type === 'REMOVE_MAP_CARD')
                      ? 'Set-up: choose the map card to remove.'
                      : 'Set-up: choose your starting map cards.'}
          </h2>
          <Countdown deadline={mine.deadline} label="Time to answer" />
          <CommandButtons commands={buttons} names={names} disabled={sending} onSend={send} />
        </section>
      )}

      {refusal && (
        <p role="alert" class="error refusal">
          {refusal}
        </p>
      )}

      <div class="table">
        <div class="board-wrap">
          <Board
            map={map}
            view={view}
            content={content}
            targets={opened?.spaces ?? new Set()}
            onTarget={chooseSpace}
            actors={new Set([...characterPicks].filter((character) => onBoard.has(character)))}
            selectedActor={selectedActor}
            onActor={(character) => choosePick({ kind: 'character', character })}
            sightLines={sightLines}
            unseen={attacks.length ? unseen : null}
          />
        </div>
        <aside class="side">
          <Scores game={game} names={names} />
        </aside>
      </div>

      {(pick || (!prompted && buttons.length > 0) || reserve.length > 0) && (
        <section class="choices" aria-label="Your choices">
          {pick && (
            <p class="picked" role="status">
              {pick.kind === 'card' ? `Playing ${names.card(pick.card)}` : `Acting with ${names.character(pick.character)}`}
              {opened && opened.spaces.size > 0 && chosenSpace === null && ': choose a highlighted space on the board.'}{' '}
              <button type="button" class="link" onClick={() => (setPick(null), setChosenSpace(null))}>
                Cancel
              </button>
            </p>
          )}
          {options && options.length > 1 && (
            <ul class="options" aria-label="Which way">
              {options.map((command, index) => (
                <li key={index}>
                  <button type="button" disabled={sending} onClick={() => send(command)}>
                    {commandWords(command, names)}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {reserve.length > 0 && (
            <div class="reserve" aria-label="Your characters off the board">
              {reserve.map((character) => {
                const can = characterPicks.has(character.id);
                return (
                  <button
                    key={character.id}
                    type="button"
                    class={selectedActor === character.id ? 'selected' : ''}
                    aria-pressed={selectedActor === character.id}
                    disabled={!can || sending}
                    onClick={() => choosePick({ kind: 'character', character: character.id })}
                  >
                    {can ? 'Deploy ' : ''}
                    {names.character(character.form)} ({character.health}/{character.maxHealth})
                  </button>
                );
              })}
            </div>
          )}
          {!prompted && <CommandButtons commands={buttons} names={names} disabled={sending} onSend={send} />}
        </section>
      )}

      {mySeatView?.hand && (
        <section class="hand" aria-labelledby="hand-title">
          <h2 id="hand-title">Your hand ({mySeatView.hand.length})</h2>
          <ul>
            {mySeatView.hand.map((cardId) => {
              const card = cardByID.get(cardId);
              const can = cardPicks.has(cardId);
              const selected = pick?.kind === 'card' && pick.card === cardId;
              return (
                <li key={cardId}>
                  <button
                    type="button"
                    class={`card${can ? ' playable' : ''}${selected ? ' selected' : ''}`}
                    disabled={!can || sending}
                    aria-pressed={can ? selected : undefined}
                    data-card={cardId}
                    onClick={() => choosePick({ kind: 'card', card: cardId })}
                  >
                    <span class="card-action">{card?.action ?? '?'}</span>
                    <span class="card-name">{card?.name ?? cardId}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {game.mySeat !== null && !finished && <SeatOrders gameId={id} seat={game.mySeat} />}
      <EventLog events={events} names={names} />
      <ChatPanel gameId={id} me={me?.handle ?? null} seatName={names.seat} />
    </main>
  );
}

const finishedStatus = (status: Game['status']) => status === 'finished' || status === 'abandoned';

function CommandButtons(props: { commands: Command[]; names: Names; disabled: boolean; onSend: (command: Command) => void }) {
  if (props.commands.length === 0) return null;
  return (
    <ul class="buttons" aria-label="Actions">
      {props.commands.map((command, index) => (
        <li key={index}>
          <button type="button" disabled={props.disabled} onClick={() => props.onSend(command)}>
            {commandWords(command, props.names)}
          </button>
        </li>
      ))}
    </ul>
  );
}

function Scores({ game, names }: { game: Game; names: Names }) {
  return (
    <table class="scores">
      <caption>Scores</caption>
      <thead>
        <tr>
          <th scope="col">Seat</th>
          <th scope="col">Points</th>
          <th scope="col">Cards</th>
        </tr>
      </thead>
      <tbody>
        {game.view.seats.map((seat) => (
          <tr key={seat.seat} class={game.awaiting.some((awaited) => awaited.seat === seat.seat) ? 'awaited' : ''}>
            <th scope="row">
              <TeamBadge team={seat.team} /> {names.seat(seat.seat)}
              {seat.seat === game.mySeat ? ' — you' : ''}
              {seat.eliminated ? ' (eliminated)' : ''}
            </th>
            <td>
              {seat.points} <small>({seat.fragments} fragments, {seat.kills.length} kills)</small>
            </td>
            <td>
              {seat.handSize} in hand, {seat.deckSize} in deck
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EventLog({ events, names }: { events: FeedEvent[]; names: Names }) {
  const lines = events.map((event) => ({ seq: event.seq, text: eventWords(event.data, names) })).filter((line) => line.text);
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
