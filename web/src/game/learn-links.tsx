// "Learn to play": links to the games' first-game tutorials (/learn/<game>/<lesson>), for the lobby
// (every game it offers) and a game's rules page (its own).

import { GAME_UIS } from '../games/registry.ts';
import './tutorial.css';

export function LearnLinks({ games, withName }: { games: readonly string[]; withName: boolean }) {
  const lessons = games.flatMap((game) => {
    const ui = GAME_UIS.get(game);
    return (ui?.tutorials ?? []).map((entry) => ({ href: `/learn/${game}/${entry.id}`, text: withName ? `${ui!.name}: ${entry.title}` : entry.title }));
  });
  if (lessons.length === 0) return null;
  return (
    <ul class="learn-list" aria-label="Learn to play">
      {lessons.map((lesson) => (
        <li key={lesson.href}>
          <a href={lesson.href}>{lesson.text}</a>
        </li>
      ))}
    </ul>
  );
}
