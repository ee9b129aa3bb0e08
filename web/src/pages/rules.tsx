// /rules/<game>: a game's rules reference, legend and glossary as a page of its own (a link to
// share, the lobby's way in). `?section=<id>` lands on a section, as the game page's panel does.

import { useLocation, useRoute } from 'preact-iso';
import { ReferenceView } from '../game/reference.tsx';
import { GAME_UIS } from '../games/registry.ts';
import { LearnLinks } from '../game/learn-links.tsx';
import { usePageTitle } from '../title.ts';

export function RulesPage() {
  const { params } = useRoute();
  const { query } = useLocation();
  const ui = GAME_UIS.get(params.game ?? '');
  usePageTitle(ui?.reference ? `Rules of ${ui.name}` : 'Rules');
  if (!ui?.reference) {
    return (
      <main>
        <h1>Rules</h1>
        <p>
          There are no rules here for “{params.game}”. <a href="/lobby">Back to the lobby</a>.
        </p>
      </main>
    );
  }
  return (
    <main class="rules-page">
      <h1>Rules of {ui.name}</h1>
      <p>The rules in brief, in our own words; the printed rulebook is the authority.</p>
      {ui.tutorials?.length ? (
        <>
          <h2>Learn to play</h2>
          <LearnLinks games={[params.game!]} withName={false} />
        </>
      ) : null}
      <ReferenceView reference={ui.reference} section={query.section ?? null} level={2} />
    </main>
  );
}
