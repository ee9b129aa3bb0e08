// A player's page (`GET /v1/players/{handle}`): their ratings per game, a count per game, the
// games they play now and those they finished, each with its result, opponents and date; older
// finished games a page at a time.

import { useState } from 'preact/hooks';
import { api, problemText, type Schemas } from '../api/client.ts';
import { useLoad } from '../hooks.ts';
import { GAME_UIS } from '../games/registry.ts';
import { useTimeZone } from '../zone.ts';

type PlayerGame = Schemas['PlayerGame'];

const gameName = (game: string): string => GAME_UIS.get(game)?.name ?? game;

const SYSTEMS: Record<string, string> = { glicko2: 'Glicko-2, 2 players', openskill: 'OpenSkill, 3 or more' };

function day(iso: string, zone: string): string {
  try {
    return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: zone });
  } catch {
    return iso.slice(0, 10);
  }
}

/** A handle a player page can have: a deleted account shows `deleted player`, which has none. */
const HANDLE = /^[A-Za-z0-9_-]+$/;

function Opponents({ game }: { game: PlayerGame }) {
  if (game.opponents.length === 0) return null;
  return (
    <span class="opponents">
      against{' '}
      {game.opponents.map((o, i) => (
        <>
          {i > 0 && ', '}
          {o.bot !== null ? `a bot (${o.bot})` : o.handle && HANDLE.test(o.handle) ? <a href={`/players/${encodeURIComponent(o.handle)}`}>{o.handle}</a> : (o.handle ?? 'a free seat')}
        </>
      ))}
    </span>
  );
}

function GameRow({ game, zone }: { game: PlayerGame; zone: string }) {
  return (
    <li>
      <a href={`/games/${game.id}`}>
        <span class="title">{game.title}</span>
      </a>{' '}
      <span class="status">
        {game.result ?? (game.status === 'active' ? 'playing' : 'finished')}
        {game.endedAt ? ` — ${day(game.endedAt, zone)}` : ` — since ${day(game.startedAt, zone)}`}
        {game.rated ? '' : ' (unrated)'}
      </span>{' '}
      <Opponents game={game} />
    </li>
  );
}

export function PlayerPage({ handle }: { handle: string }) {
  const zone = useTimeZone();
  const [more, setMore] = useState<{ games: PlayerGame[]; next: string | null } | null>(null);
  const [moreError, setMoreError] = useState<string | null>(null);
  const page = useLoad(async () => {
    setMore(null);
    const { data, error } = await api.GET('/v1/players/{handle}', { params: { path: { handle } } });
    if (!data) throw new Error(problemText(error));
    return data;
  }, [handle]);
  if (page.error) {
    return (
      <main>
        <h1>{handle}</h1>
        <p role="alert" class="error">
          {page.error}
        </p>
      </main>
    );
  }
  const player = page.value;
  if (!player) {
    return (
      <main>
        <p aria-busy="true">Loading the player…</p>
      </main>
    );
  }
  const finished = [...player.finished, ...(more?.games ?? [])];
  const next = more ? more.next : player.next;
  async function loadMore() {
    if (!next) return;
    const { data, error } = await api.GET('/v1/players/{handle}', { params: { path: { handle }, query: { cursor: next } } });
    if (!data) return setMoreError(problemText(error));
    setMoreError(null);
    setMore((current) => ({ games: [...(current?.games ?? []), ...data.finished], next: data.next }));
  }
  return (
    <main>
      <h1>{player.handle}</h1>
      <section aria-labelledby="ratings">
        <h2 id="ratings">Ratings</h2>
        {player.ratings.length === 0 ? (
          <p>No rated games yet.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">System</th>
                <th scope="col">Rating</th>
                <th scope="col">Rated games</th>
              </tr>
            </thead>
            <tbody>
              {player.ratings.map((r) => (
                <tr key={`${r.game}-${r.system}`}>
                  <td>{gameName(r.game)}</td>
                  <td>{SYSTEMS[r.system] ?? r.system}</td>
                  <td>
                    {Math.round(r.rating)} ± {Math.round(r.deviation)}
                  </td>
                  <td>{r.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="counts">
        <h2 id="counts">Games played</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Playing</th>
              <th scope="col">Finished</th>
              <th scope="col">Won</th>
              <th scope="col">Lost</th>
              <th scope="col">Drawn</th>
              <th scope="col">Abandoned</th>
            </tr>
          </thead>
          <tbody>
            {player.counts.map((c) => (
              <tr key={c.game}>
                <td>{gameName(c.game)}</td>
                <td>{c.inProgress}</td>
                <td>{c.finished}</td>
                <td>{c.won}</td>
                <td>{c.lost}</td>
                <td>{c.drawn}</td>
                <td>{c.abandoned}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="playing">
        <h2 id="playing">Playing now</h2>
        {player.inProgress.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul class="game-list">
            {player.inProgress.map((game) => (
              <GameRow key={game.id} game={game} zone={zone} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="finished">
        <h2 id="finished">Finished games</h2>
        {finished.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul class="game-list">
            {finished.map((game) => (
              <GameRow key={game.id} game={game} zone={zone} />
            ))}
          </ul>
        )}
        {moreError && (
          <p role="alert" class="error">
            {moreError}
          </p>
        )}
        {next && (
          <button type="button" onClick={loadMore}>
            Older games
          </button>
        )}
      </section>
    </main>
  );
}
