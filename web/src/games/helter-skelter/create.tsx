// The lobby's form for a Helter Skelter game: the map with a preview, 2–4 seats in turn order
// (each a team, played by me, a bot or a player who joins), the clock; or solo against the Dark
// Judges, who are played by the server.

import { useState } from 'preact/hooks';
import { api, problemText } from '../../api/client.ts';
import { useLoad } from '../../hooks.ts';
import { ClockField, DEFAULT_CLOCK_CHOICE, type ClockChoice, PrivateField, SeatsFieldset } from '../create-fields.tsx';
import { RatedField } from '../../game/rated-field.tsx';
import type { CreateProps } from '../game-ui.ts';
import { loadMap, type MapId, type Team } from './api.ts';
import { BoardPicture } from './board.tsx';
import { TEAM_LOOKS, TEAMS } from './teams.tsx';

const MAPS: { id: MapId; name: string }[] = [
  { id: 'dan-tanna-enid-blyton', name: 'Dan Tanna / Enid Blyton blocks' },
  { id: 'grand-hall-of-justice', name: 'Grand Hall of Justice' },
];
const CLOCKS = [
  { id: 'daily', name: 'Daily: a day a turn, 12 hours to defend', about: 'Daily: a day a turn — play once a day, whenever suits you.' },
  { id: 'live', name: 'Live: 5 minutes a turn, 1 minute to defend', about: 'Live: 5 minutes a turn and about 20 seconds per INTERRUPT choice — for playing together now.' },
  { id: 'weekly', name: 'Weekly: a week a turn, 3 days to defend', about: 'Weekly: a week a turn — for a slow game.' },
] as const satisfies readonly ClockChoice<string>[];

/** The teams a player may take into a solo game: the base teams ("Playing solo against the Dark Judges"). */
const SOLO_TEAMS = TEAMS.filter((team) => team !== 'dark-judges');

interface SeatChoice {
  team: Team;
  bot: boolean;
}

export function CreateHelterSkelter(props: CreateProps) {
  const [map, setMap] = useState<MapId>('dan-tanna-enid-blyton');
  const [clock, setClock] = useState<(typeof CLOCKS)[number]['id']>(DEFAULT_CLOCK_CHOICE);
  const [seats, setSeats] = useState<SeatChoice[]>([
    { team: 'judges', bot: false },
    { team: 'strontium-dogs', bot: true },
  ]);
  const [mySeat, setMySeat] = useState(0);
  const [solo, setSolo] = useState(false);
  const [soloTeam, setSoloTeam] = useState<Team>('judges');
  const [privateGame, setPrivateGame] = useState(false);
  const [rated, setRated] = useState(true);
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

  const withBots = solo || seats.some((seat, index) => index !== mySeat && seat.bot);

  async function create(event: Event) {
    event.preventDefault();
    props.onError(null);
    setBusy(true);
    // The creator's seat is taken in the same step: nobody else can take it first, and a solo game starts at once.
    const body = {
      game: 'helter-skelter' as const,
      seat: solo ? 0 : mySeat,
      private: privateGame,
      rated: rated && !withBots,
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
        <PrivateField id="hs-private" value={privateGame} onChange={setPrivateGame} />
        <RatedField id="hs-rated" value={rated} onChange={setRated} withBots={withBots} />
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
