// The lobby's form for a Judge Dredd Miniatures game: the scenario (the options schema's list,
// read from the published content with its briefing), the two seats — seat i plays the scenario's
// force i — each mine, a bot's or a player's who joins, and the clock preset.

import { useState } from 'preact/hooks';
import { api, problemText } from '../../api/client.ts';
import { useLoad } from '../../hooks.ts';
import { ClockField, DEFAULT_CLOCK_CHOICE, type ClockChoice, PrivateField, SeatsFieldset } from '../create-fields.tsx';
import { RatedField } from '../../game/rated-field.tsx';
import type { CreateProps } from '../game-ui.ts';
import { loadMiniatures } from './data.ts';
import { SCENARIO_NAMES } from './words.ts';

const CLOCKS = [
  { id: 'daily', name: 'Daily: a day a Phase', about: 'Daily: a day a Phase — play once a day, whenever suits you.' },
  { id: 'live', name: 'Live: 10 minutes a Phase, 1 minute to push back', about: 'Live: 10 minutes a Phase and about a minute per push-back — for playing together now.' },
  { id: 'weekly', name: 'Weekly: a week a Phase', about: 'Weekly: a week a Phase — for a slow game.' },
] as const satisfies readonly ClockChoice<string>[];
type ScenarioId = 'barko-brothers' | 'street-rumble';

export function CreateMiniatures(props: CreateProps) {
  const [scenario, setScenario] = useState<ScenarioId>('barko-brothers');
  const [clock, setClock] = useState<(typeof CLOCKS)[number]['id']>(DEFAULT_CLOCK_CHOICE);
  const [bots, setBots] = useState([false, true]);
  const [mySeat, setMySeat] = useState(0);
  const [privateGame, setPrivateGame] = useState(false);
  const [rated, setRated] = useState(true);
  const [busy, setBusy] = useState(false);
  const loaded = useLoad(() => loadMiniatures(scenario), [scenario]);
  const chosen = loaded.value?.content.scenarios.find((s) => s.id === scenario);

  const withBots = bots.some((bot, index) => index !== mySeat && bot);

  async function create(event: Event) {
    event.preventDefault();
    props.onError(null);
    setBusy(true);
    // The creator's seat is taken in the same step; with the other seat a bot's, the game starts at once.
    const body = { game: 'miniatures' as const, seat: mySeat, private: privateGame, rated: rated && !withBots, options: { scenario, clock, seats: bots.map((bot, index) => (index !== mySeat && bot ? { bot: true } : {})) } };
    const { data, error } = await api.POST('/v1/games', { body });
    setBusy(false);
    if (!data) return props.onError(problemText(error));
    props.onCreated(data.id);
  }

  return (
    <form onSubmit={create} class="create-game">
      <div class="field">
        <label for="mn-scenario">Scenario</label>
        <select id="mn-scenario" value={scenario} onChange={(event) => setScenario((event.currentTarget as HTMLSelectElement).value as ScenarioId)}>
          {Object.entries(SCENARIO_NAMES).map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        {chosen && <p class="hint">{chosen.briefing}</p>}
      </div>
      <ClockField id="mn-clock" clocks={CLOCKS} value={clock} onChange={setClock} />
      <PrivateField id="mn-private" value={privateGame} onChange={setPrivateGame} />
      <RatedField id="mn-rated" value={rated} onChange={setRated} withBots={withBots} />
      <SeatsFieldset
        legend="Sides"
        noun="side"
        name="mn-my-seat"
        seats={bots.map((bot) => ({ bot }))}
        mySeat={mySeat}
        onMySeat={setMySeat}
        onChange={(index, play) => setBots(bots.map((bot, i) => (i === index ? play.bot : bot)))}
        identity={(index) => (
          <span>
            Side {index + 1}: {chosen?.forces[index]?.name ?? '…'}
          </span>
        )}
      />
      <button type="submit" disabled={busy}>
        Create game
      </button>
    </form>
  );
}
