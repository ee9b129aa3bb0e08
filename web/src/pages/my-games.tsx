// "My games": those awaiting me first, soonest deadline first (the API's order), then the others.

import { useLocation } from 'preact-iso';
import { api, problemText, type AnyGame } from '../api/client.ts';
import { timeLeft } from '../format.ts';
import { useLoad, useNow, useSession } from '../hooks.ts';
import { scenarioName } from '../games/miniatures/words.ts';
import { TEAM_LOOKS, TeamBadge } from '../teams.tsx';
import { useTimeZone, zonedTime } from '../zone.ts';

export function gameTitle(game: AnyGame): string {
  if (game.game === 'miniatures') return `Miniatures: ${scenarioName(game.options.scenario)}`;
  if (game.game === 'block-war') return `Block War: ${game.options.seats.map((seat) => seat.block).join(' v ')}`;
  return game.options.seats.map((seat) => TEAM_LOOKS[seat.team].name).join(' v ');
}

export function MyGamesPage() {
  const me = useSession();
  const now = useNow(1000);
  const zone = useTimeZone();
  const { route } = useLocation();
  const games = useLoad(async () => {
    if (!me) return [];
    const { data, error } = await api.GET('/v1/me/games');
    if (!data) throw new Error(problemText(error));
    return data.games.map((entry) => ({ awaitingMe: entry.awaitingMe, game: entry.game as AnyGame }));
  }, [me?.token]);
  if (!me) {
    return (
      <main class="narrow">
        <h1>Judge Dredd: Helter Skelter</h1>
        <p>Play Helter Skelter in your browser, against friends or bots, live or a move a day.</p>
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
          return (
            <li key={game.id} class={awaitingMe ? 'awaiting-me' : ''}>
              <a href={`/games/${game.id}`} onClick={(event) => (event.preventDefault(), route(`/games/${game.id}`))}>
                <span class="teams">
                  {game.game === 'helter-skelter' && game.options.seats.map((seat, index) => (
                    <TeamBadge key={index} team={seat.team} />
                  ))}
                </span>
                <span class="title">{gameTitle(game)}</span>
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
