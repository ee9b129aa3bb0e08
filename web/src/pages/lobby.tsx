// The lobby: open games to join, and a form to create one: Helter Skelter (map with preview, teams,
// bots, clock, or solo against the Dark Judges) or Block War (web/src/games/block-war/create.tsx).

import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, loadMap, problemText, type AnyGame, type MapId, type Team } from '../api/client.ts';
import { CreateBlockWar } from '../games/block-war/create.tsx';
import { CreateMiniatures } from '../games/miniatures/create.tsx';
import { ClockField, SeatsFieldset } from '../games/create-fields.tsx';
import { BoardPicture } from '../games/helter-skelter/board.tsx';
import { useLoad, useSession } from '../hooks.ts';
import { TEAM_LOOKS, TEAMS, TeamBadge } from '../teams.tsx';
import { loginHref } from './auth.tsx';
import { gameTitle } from './my-games.tsx';

const MAPS: { id: MapId; name: string }[] = [
  { id: 'dan-tanna-enid-blyton', name: 'Dan Tanna / Enid Blyton blocks' },
  { id: 'grand-hall-of-justice', name: 'Grand Hall of Justice' },
];
const CLOCKS = [
  { id: 'live', name: 'Live: 5 minutes a turn, 1 minute to defend' },
  { id: 'daily', name: 'Daily: a day a turn, 12 hours to defend' },
  { id: 'weekly', name: 'Weekly: a week a turn, 3 days to defend' },
] as const;

/** The teams a player may take into a solo game: the base teams ("Playing solo against the Dark Judges"). */
const SOLO_TEAMS = TEAMS.filter((team) => team !== 'dark-judges');

interface SeatChoice {
  team: Team;
  bot: boolean;
}

export function LobbyPage() {
  const me = useSession();
  const { route } = useLocation();
  const [error, setError] = useState<string | null>(null);
  const open = useLoad(async () => {
    const { data, error } = await api.GET('/v1/games', { params: { query: { status: 'open' } } });
    if (!data) throw new Error(problemText(error));
    return data.games as AnyGame[];
  }, [me?.token]);

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
      <section aria-labelledby="open-games">
        <h2 id="open-games">Open games</h2>
        {open.value && open.value.length === 0 && <p>No game is waiting for players. Create one below.</p>}
        <ul class="game-list">
          {(open.value ?? []).map((game) => (
            <li key={game.id}>
              <span class="title">{gameTitle(game)}</span>
              {/* Listed only where the operator allows it (LIST_CHOSEN_GAMES): say so before anyone sits. */}
              {game.fairness?.seeded && (
                <strong class="chosen-flag">{game.fairness.position ? 'Position chosen by its creator: not a fair deal' : 'Seed chosen by its creator: not a fair deal'}</strong>
              )}
              <span class="actions">
                {game.seats
                  .filter((seat) => seat.player === null && !seat.bot)
                  .map((seat) => {
                    if (game.game === 'miniatures')
                      return (
                        <button key={seat.seat} type="button" onClick={() => join(game, seat.seat)}>
                          Join as side {seat.seat + 1}
                        </button>
                      );
                    if (game.game === 'block-war')
                      return (
                        <button key={seat.seat} type="button" onClick={() => join(game, seat.seat)}>
                          Join as {game.options.seats[seat.seat]!.block}
                        </button>
                      );
                    const team = game.options.seats[seat.seat]!.team;
                    return (
                      <button key={seat.seat} type="button" onClick={() => join(game, seat.seat)}>
                        <TeamBadge team={team} /> Join as {TEAM_LOOKS[team].name}
                      </button>
                    );
                  })}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {me ? <CreateAnyGame onError={setError} onCreated={(id) => route(`/games/${id}`)} /> : <p><a href={loginHref('/lobby')}>Log in</a> to create a game.</p>}
    </main>
  );
}

type CreateProps = { onError: (message: string | null) => void; onCreated: (id: string) => void };

/** The game to create, then that game's form. */
function CreateAnyGame(props: CreateProps) {
  const [game, setGame] = useState<'helter-skelter' | 'block-war' | 'miniatures'>('helter-skelter');
  return (
    <section aria-labelledby="create-game">
      <h2 id="create-game">Create a game</h2>
      <div class="field">
        <label for="game-kind">Game</label>
        <select id="game-kind" value={game} onChange={(event) => setGame((event.currentTarget as HTMLSelectElement).value as typeof game)}>
          <option value="helter-skelter">Helter Skelter</option>
          <option value="block-war">Block War</option>
          <option value="miniatures">Miniatures</option>
        </select>
      </div>
      {game === 'block-war' ? <CreateBlockWar {...props} /> : game === 'miniatures' ? <CreateMiniatures {...props} /> : <CreateGame {...props} />}
    </section>
  );
}

function CreateGame(props: CreateProps) {
  const [map, setMap] = useState<MapId>('dan-tanna-enid-blyton');
  const [clock, setClock] = useState<(typeof CLOCKS)[number]['id']>('live');
  const [seats, setSeats] = useState<SeatChoice[]>([
    { team: 'judges', bot: false },
    { team: 'strontium-dogs', bot: true },
  ]);
  const [mySeat, setMySeat] = useState(0);
  const [solo, setSolo] = useState(false);
  const [soloTeam, setSoloTeam] = useState<Team>('judges');
  const [busy, setBusy] = useState(false);
  const preview = useLoad(() => loadMap(map), [map]);

  function update(index: number, change: Partial<SeatChoice>) {
    setSeats(seats.map((seat, i) => (i === index ? { ...seat, ...change } : seat)));
  }
  function addSeat() {
    const free = TEAMS.find((team) => !seats.some((seat) => seat.team === team));
    if (free) setSeats([...seats, { team: free, bot: true }]);
  }
  function removeSeat(index: number) {
    setSeats(seats.filter((_, i) => i !== index));
    if (mySeat >= seats.length - 1) setMySeat(0);
  }

  async function create(event: Event) {
    event.preventDefault();
    props.onError(null);
    setBusy(true);
    // The creator's seat is taken in the same step: nobody else can take it first, and a solo game starts at once.
    const body = {
      game: 'helter-skelter' as const,
      seat: solo ? 0 : mySeat,
      options: solo
        ? { map, clock, solo: true, seats: [{ team: soloTeam }] }
        : { map, clock, seats: seats.map((seat, index) => (index === mySeat ? { team: seat.team } : seat.bot ? { team: seat.team, bot: true } : { team: seat.team })) },
    };
    const { data, error } = await api.POST('/v1/games', { body });
    setBusy(false);
    if (!data) return props.onError(problemText(error));
    props.onCreated(data.id);
  }

  const duplicate = !solo && new Set(seats.map((seat) => seat.team)).size !== seats.length;
  return (
    <form onSubmit={create} class="create-game">
        <div class="field">
          <label for="map">Map</label>
          <select id="map" value={map} onChange={(event) => setMap((event.currentTarget as HTMLSelectElement).value as MapId)}>
            {MAPS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div class="map-preview">{preview.value && <BoardPicture map={preview.value} title={`Preview of ${preview.value.name}`} />}</div>
        <ClockField id="clock" clocks={CLOCKS} value={clock} onChange={setClock} />
        <div class="field">
          <label class="inline">
            <input type="checkbox" checked={solo} onChange={(event) => setSolo((event.currentTarget as HTMLInputElement).checked)} /> Solo against the Dark Judges
          </label>
        </div>
        {solo ? (
          <div class="field">
            <label for="solo-team">Your team</label>
            <select id="solo-team" value={soloTeam} onChange={(event) => setSoloTeam((event.currentTarget as HTMLSelectElement).value as Team)}>
              {SOLO_TEAMS.map((team) => (
                <option key={team} value={team}>
                  {TEAM_LOOKS[team].name}
                </option>
              ))}
            </select>
            <p class="hint">The server plays the Dark Judges’ turns from their solo cards; the game starts at once.</p>
          </div>
        ) : (
          <SeatsFieldset
            legend="Seats, in turn order"
            noun="seat"
            name="my-seat"
            seats={seats}
            mySeat={mySeat}
            onMySeat={setMySeat}
            onChange={(index, play) => update(index, { bot: play.bot })}
            bounds={{ least: 2, most: 4, add: addSeat, remove: removeSeat }}
            identity={(index) => (
              <>
                <label for={`seat-${index}-team`}>Seat {index + 1}</label>
                <select id={`seat-${index}-team`} value={seats[index]!.team} onChange={(event) => update(index, { team: (event.currentTarget as HTMLSelectElement).value as Team })}>
                  {TEAMS.map((team) => (
                    <option key={team} value={team}>
                      {TEAM_LOOKS[team].name}
                    </option>
                  ))}
                </select>
              </>
            )}
          />
        )}
        {duplicate && <p class="error">Each seat plays a different team.</p>}
        <button type="submit" disabled={busy || duplicate}>
          Create game
        </button>
      </form>
  );
}
