// /learn/<game>/<lesson>: a game's first-game tutorial, played in the browser on the game's real
// table (web/src/game/tutorial.tsx). Reached from the lobby's "Learn to play" and the rules page;
// replayable at any time, logged in or not.

import { useRoute } from 'preact-iso';
import { TutorialRunner } from '../game/tutorial.tsx';
import { GAME_UIS } from '../games/registry.ts';
import { useLoad } from '../hooks.ts';
import { usePageTitle } from '../title.ts';

export function TutorialPage() {
  const { params } = useRoute();
  const ui = GAME_UIS.get(params.game ?? '');
  const entry = ui?.tutorials?.find((one) => one.id === params.lesson);
  usePageTitle(ui && entry ? `Learn to play ${ui.name}` : 'Learn to play');
  const loaded = useLoad(async () => {
    if (!ui || !entry) return null;
    const tutorial = await entry.load();
    return { tutorial, data: await ui.load(tutorial.frames[0]!.game) };
  }, [params.game, params.lesson]);

  if (!ui || !entry) {
    return (
      <main>
        <h1>Learn to play</h1>
        <p>
          There is no such lesson here. <a href="/lobby">Back to the lobby</a>.
        </p>
      </main>
    );
  }
  const value = loaded.value;
  return (
    <main class={`game-page tutorial-page ${params.game}`}>
      <h1>
        Learn to play {ui.name}: {entry.title}
      </h1>
      <p class="hint">
        A guided turn on the real table, against the computer: nothing you do here is a game on the server. <a href={`/rules/${params.game}`}>Rules of {ui.name}</a>
      </p>
      {loaded.error && (
        <p role="alert" class="error">
          {loaded.error}
        </p>
      )}
      {value ? (
        <TutorialRunner ui={ui} tutorial={value.tutorial} data={value.data} lobby={`/lobby?game=${encodeURIComponent(params.game!)}`} />
      ) : (
        !loaded.error && <p aria-busy="true">Loading the lesson…</p>
      )}
    </main>
  );
}
