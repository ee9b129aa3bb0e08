// The lobby: open games to join (who created each, the game, its options in words, the clock, the
// seats taken and free), filtered by game (`?game=`), and a form to create one. The games offered
// are those the service says it plays (api/registered-games.ts) that this client can draw
// (games/registry.ts); each game's form is its own (GameUi.Create), so the lobby names no game.

import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, problemText, type AnyGame, type GameId } from '../api/client.ts';
import { registeredGames } from '../api/registered-games.ts';
import type { CreateProps } from '../games/game-ui.ts';
import { GAME_UIS, uiOf } from '../games/registry.ts';
import { LearnLinks } from '../game/learn-links.tsx';
import { useLoad, useSession } from '../hooks.ts';
import { loginHref } from './auth.tsx';
import { usePageTitle } from '../title.ts';

/** The clock in words: a preset's name, or seconds per situation set by the creator. */
function clockWords(game: AnyGame): string {
  const clock = (game.options as { clock?: unknown }).clock;
  return typeof clock === 'string' ? clock : clock ? 'custom' : 'daily';
}

export function LobbyPage() {
  const me = useSession();
  usePageTitle('Lobby');
  const { route, query } = useLocation();
  const filter = query.game && GAME_UIS.has(query.game) ? (query.game as GameId) : undefined;
  const [error, setError] = useState<string | null>(null);
  const offered = useLoad(async () => (await registeredGames()).filter((id) => GAME_UIS.has(id)), []);
  const open = useLoad(async () => {
    const { data, error } = await api.GET('/v1/games', { params: { query: { status: 'open', ...(filter ? { game: filter } : {}) } } });
    if (!data) throw new Error(problemText(error));
    // A game this client cannot draw is not offered: its page could not show it.
    return (data.games as AnyGame[]).filter((game) => GAME_UIS.has(game.game));
  }, [me?.token, filter]);

  async function join(game: AnyGame, seat: number) {
    if (!me) return route(loginHref('/lobby'));
    setError(null);
    const { error } = await api.POST('/v1/games/{id}/seats/{seat}/claim', { params: { path: { id: game.id, seat } } });
    if (error) return setError(problemText(error));
    route(`/games/${game.id}`);
  }

  return (
    <main>
      <h1>Lobby</h1>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <section aria-labelledby="learn-to-play">
        <h2 id="learn-to-play">Learn to play</h2>
        <p>New to a game? A few guided steps teach you one turn, on the real table. Play them again any time.</p>
        <LearnLinks games={offered.value ?? []} withName={true} />
      </section>
      <section aria-labelledby="open-games">
        <h2 id="open-games">Open games</h2>
        <div class="field">
          <label for="lobby-filter">Show</label>
          <select id="lobby-filter" value={filter ?? ''} onChange={(event) => {
            const game = (event.currentTarget as HTMLSelectElement).value;
            route(game ? `/lobby?game=${encodeURIComponent(game)}` : '/lobby');
          }}>
            <option value="">Every game</option>
            {(offered.value ?? []).map((id) => (
              <option key={id} value={id}>
                {GAME_UIS.get(id)!.name}
              </option>
            ))}
          </select>
        </div>
        {open.error && (
          <p role="alert" class="error">
            {open.error}
          </p>
        )}
        {open.value && open.value.length === 0 && <p>No game is waiting for players. Create one below.</p>}
        <ul class="game-list">
          {(open.value ?? []).map((game) => {
            const ui = uiOf(game);
            const Mark = ui.SeatMark;
            const taken = game.seats.filter((seat) => seat.player !== null || seat.bot).length;
            return (
              <li key={game.id}>
                <span class="title">
                  <a href={`/games/${game.id}`}>{ui.title(game)}</a>
                </span>
                <span class="about">
                  {ui.name}: {game.summary}. Clock: {clockWords(game)}. Created by {game.creator ?? 'nobody'}. Seats: {taken} taken, {game.seats.length - taken} free.
                </span>
                {/* Listed only where the operator allows it (LIST_CHOSEN_GAMES): say so before anyone sits. */}
                {game.fairness?.seeded && (
                  <strong class="chosen-flag">{game.fairness.position ? 'Position chosen by its creator: not a fair deal' : 'Seed chosen by its creator: not a fair deal'}</strong>
                )}
                <span class="actions">
                  {game.seats
                    .filter((seat) => seat.player === null && !seat.bot)
                    .map((seat) => (
                      <button key={seat.seat} type="button" onClick={() => join(game, seat.seat)}>
                        {Mark && (
                          <>
                            <Mark game={game} seat={seat.seat} />{' '}
                          </>
                        )}
                        Join as {ui.seatName(game, seat.seat)}
                      </button>
                    ))}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
      {me ? <CreateAnyGame onError={setError} onCreated={(id) => route(`/games/${id}`)} /> : <p><a href={loginHref('/lobby')}>Log in</a> to create a game.</p>}
    </main>
  );
}

/** The game to create (those the service plays and this client draws, in the service's order), then that game's form. */
function CreateAnyGame(props: CreateProps) {
  const offered = useLoad(async () => (await registeredGames()).filter((id) => GAME_UIS.has(id)), []);
  const [chosen, setChosen] = useState<string | null>(null);
  const games = offered.value ?? [];
  const game = chosen !== null && games.includes(chosen) ? chosen : games[0];
  const Create = game === undefined ? null : GAME_UIS.get(game)!.Create;
  return (
    <section aria-labelledby="create-game">
      <h2 id="create-game">Create a game</h2>
      {offered.error && (
        <p role="alert" class="error">
          {offered.error}
        </p>
      )}
      {offered.value && games.length === 0 && <p>This service offers no game this page can show.</p>}
      {game !== undefined && (
        <div class="field">
          <label for="game-kind">Game</label>
          <select id="game-kind" value={game} onChange={(event) => setChosen((event.currentTarget as HTMLSelectElement).value)}>
            {games.map((id) => (
              <option key={id} value={id}>
                {GAME_UIS.get(id)!.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {Create && <Create key={game} {...props} />}
    </section>
  );
}
