// A mistyped address: the service answers it with this client and status 404 (src/api/web-client.ts),
// and the router lands here. It says so plainly and offers the ways back.

import { useSession } from '../hooks.ts';
import { usePageTitle } from '../title.ts';
import './not-found.css';

export function NotFoundPage() {
  const me = useSession();
  usePageTitle('Page not found');
  const path = globalThis.location?.pathname ?? '';
  return (
    <main class="not-found">
      <p class="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{path}</code>. The address may be mistyped, or the page may have moved.
      </p>
      <ul class="not-found-ways">
        <li>
          <a class="button" href="/">
            {me ? 'Back to my games' : 'Back to the start'}
          </a>
        </li>
        <li>
          <a href="/lobby">Find a game in the lobby</a>
        </li>
      </ul>
    </main>
  );
}
