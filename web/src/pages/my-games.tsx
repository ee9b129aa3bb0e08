// "My games": those awaiting me first, soonest deadline first (the API's order), then the others,
// each titled by its game (GameUi.title).

import { useLocation } from 'preact-iso';
import { api, problemText, type AnyGame } from '../api/client.ts';
import { timeLeft } from '../format.ts';
import { PRODUCT_NAME } from '../product.ts';
import { useLoad, useNow, useSession } from '../hooks.ts';
import { GAME_UIS, titleOf } from '../games/registry.ts';
import { useTimeZone, zonedTime } from '../zone.ts';
import { useAwaitingCount, usePageTitle } from '../title.ts';

/** The games this client plays, in words: "A, B and C". */
function gameNames(): string {
  const names = [...GAME_UIS.values()].map((ui) => ui.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
}

export function MyGamesPage() {
  const me = useSession();
  const now = useNow(1000);
  const zone = useTimeZone();
  const { route } = useLocation();
  usePageTitle(me ? 'My games' : null);
  // The list is read again whenever the number of games awaiting me changes.
  const awaiting = useAwaitingCount();
  const games = useLoad(async () => {
    if (!me) return [];
    const { data, error } = await api.GET('/v1/me/games');
    if (!data) throw new Error(problemText(error));
    return data.games.map((entry) => ({ awaitingMe: entry.awaitingMe, game: entry.game as AnyGame }));
  }, [me?.token, awaiting]);
  if (!me) {
    return (
      <main class="narrow">
        <h1>{PRODUCT_NAME}</h1>
        <p>Play {gameNames()} in your browser, against friends or bots, live or a move a day.</p>
        <p>
          <a class="button" href="/signup">
            Sign up
          </a>{' '}
          or <a href="/login">log in</a>.
        </p>
      </main>
    );
  }
  const list = games.value ?? [];
  return (
    <main>
      <h1>My games</h1>
      {games.error && (
        <p role="alert" class="error">
          {games.error}
        </p>
      )}
      {games.value && list.length === 0 && (
        <p>
          No games yet. <a href="/lobby">Create or join one in the lobby</a>.
        </p>
      )}
      <ul class="game-list">
        {list.map(({ awaitingMe, game }) => {
          const mine = game.awaiting.find((awaited) => awaited.seat === game.mySeat);
          const left = timeLeft(mine?.deadline, now);
          const Mark = GAME_UIS.get(game.game)?.SeatMark;
          return (
            <li key={game.id} class={awaitingMe ? 'awaiting-me' : ''}>
              <a href={`/games/${game.id}`} onClick={(event) => (event.preventDefault(), route(`/games/${game.id}`))}>
                <span class="teams">
                  {Mark && game.seats.map((seat) => <Mark key={seat.seat} game={game} seat={seat.seat} />)}
                </span>
                <span class="title">{titleOf(game)}</span>
                <span class="status">
                  {game.status === 'finished'
                    ? 'finished'
                    : game.status === 'abandoned'
                      ? 'abandoned'
                      : game.status === 'open'
                        ? 'waiting for players'
                        : awaitingMe
                          ? `your move${left ? ` — ${left} left, by ${zonedTime(mine!.deadline!, zone)}` : ''}`
                          : 'waiting for others'}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
