// "My games": those awaiting me first, soonest deadline first (the API's order), then the others,
// each titled by its game (GameUi.title); a game that has ended with my result (from its winners,
// as its GameUi reads them), its opponents and its date; a game whose seat a bot plays for me
// while I was away says so. The list follows my games live (../game/my-games-live.ts): a move
// anywhere shows here without a reload.

import { useEffect } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, problemText, type AnyGame } from '../api/client.ts';
import { timeLeft } from '../format.ts';
import { PRODUCT_NAME } from '../product.ts';
import { useLoad, useNow, useSession } from '../hooks.ts';
import { GAME_UIS, titleOf } from '../games/registry.ts';
import { useTimeZone, zonedTime } from '../zone.ts';
import { followMyGames } from '../game/my-games-live.ts';

/** My result in a game that has ended, as its winners say: a draw when nobody or everybody won. */
function resultOf(game: AnyGame): string {
  const winners = GAME_UIS.get(game.game)?.winners(game) ?? [];
  if (game.mySeat === null) return 'over';
  if (winners.length === 0 || winners.length >= game.seats.length) return 'drawn';
  return winners.includes(game.mySeat) ? 'won' : 'lost';
}

/** The other seats: players by handle, bots as bots. */
function opponentsOf(game: AnyGame): string {
  const others = game.seats.filter((seat) => seat.seat !== game.mySeat).map((seat) => (seat.bot ? `a bot (${seat.botKind ?? 'bot'})` : (seat.player ?? 'a free seat')));
  return others.length > 0 ? `against ${others.join(', ')}` : '';
}

/** "12 Mar 2027": the day a game ended, in the player's zone. */
function dayOf(iso: string, zone: string): string {
  try {
    return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: zone });
  } catch {
    return iso.slice(0, 10);
  }
}
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
  const reload = games.reload;
  useEffect(() => (me ? followMyGames(reload) : undefined), [me?.token]);
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
          const ended = game.status === 'finished' || game.status === 'abandoned';
          // A bot plays my seat since I let my deadlines pass: the game page offers it back.
          const away = game.status === 'active' && game.seats.some((seat) => seat.seat === game.mySeat && seat.absent);
          const opponents = opponentsOf(game);
          return (
            <li key={game.id} class={awaitingMe ? 'awaiting-me' : ''}>
              <a href={`/games/${game.id}`} onClick={(event) => (event.preventDefault(), route(`/games/${game.id}`))}>
                <span class="teams">
                  {Mark && game.seats.map((seat) => <Mark key={seat.seat} game={game} seat={seat.seat} />)}
                </span>
                <span class="title">{titleOf(game)}</span>
                <span class="status">
                  {ended
                    ? `${game.status === 'finished' ? `finished: ${resultOf(game)}` : 'abandoned'} — ${dayOf(game.updatedAt, zone)}`
                    : game.status === 'open'
                      ? 'waiting for players'
                      : away
                        ? 'a bot plays your seat — open the game to take it back'
                        : awaitingMe
                          ? `your move${left ? ` — ${left} left, by ${zonedTime(mine!.deadline!, zone)}` : ''}`
                          : 'waiting for others'}
                </span>
                {opponents && <span class="opponents">{opponents}</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
