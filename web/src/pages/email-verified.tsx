// Where the link in the verification email lands in a browser: the service verifies the address
// (GET /v1/email/verify) and sends the browser here (303), with `?problem=CODE` when it could not.
// The page says what happened in the app's own style and offers the way back in.

import { problemSentence } from '../api/problem-sentences.ts';
import { useSession } from '../hooks.ts';
import { usePageTitle } from '../title.ts';
import './email-verified.css';

export function EmailVerifiedPage() {
  const me = useSession();
  const code = new URLSearchParams(globalThis.location?.search ?? '').get('problem');
  const title = code ? 'This link did not work' : 'Your email address is verified';
  usePageTitle(title);
  return (
    <main class="narrow email-verified">
      <p class={`email-verified-mark${code ? ' failed' : ''}`} aria-hidden="true">
        {code ? '!' : '✓'}
      </p>
      <h1>{title}</h1>
      {code ? (
        // An unknown code (a hand-made address) still reads as a sentence, never as the code.
        <p>{problemSentence({ code, title: 'This link could not be used. Ask for a new one in Settings.' })}</p>
      ) : (
        <p>We will email you when a game awaits your move. You can choose how often in Settings.</p>
      )}
      <ul class="email-verified-ways">
        <li>
          <a class="button" href="/lobby">
            Continue to the lobby
          </a>
        </li>
        <li>
          <a href={me ? '/settings' : '/login'}>{me ? 'Your settings' : 'Log in'}</a>
        </li>
      </ul>
    </main>
  );
}
