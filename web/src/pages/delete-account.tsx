// Settings › Account: delete the account, for good. The warning says what goes and what stays,
// and the export comes first, so nobody deletes before keeping what they want.

import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, problemText } from '../api/client.ts';
import { session } from '../session.ts';
import { Field } from './auth.tsx';
import { Message } from './message.tsx';
import { ExportData } from './export-data.tsx';

export function DeleteAccount() {
  const { route } = useLocation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(event: Event) {
    event.preventDefault();
    const { response, error: problem } = await api.DELETE('/v1/me', { body: { password } });
    if (!response.ok) return setError(problemText(problem));
    session.clear();
    route('/');
  }
  return (
    <section aria-labelledby="delete-title">
      <h2 id="delete-title">Delete my account</h2>
      <p class="warning">
        This cannot be undone. Your email address, password, settings, devices, webhooks and ratings are erased, and you are logged out everywhere. The games
        you played stay for the other players, showing you as “deleted player”; in games still being played a bot takes your seats. Your handle becomes free
        for anyone to take.
      </p>
      <p>Keep a copy of your data first:</p>
      <ExportData />
      <form onSubmit={submit} aria-label="Delete my account">
        <Field label="Your password, to confirm" name="delete-password" type="password" autocomplete="current-password" value={password} onInput={setPassword} />
        <button type="submit" class="danger">
          Delete my account
        </button>
        <Message text={error} error />
      </form>
    </section>
  );
}
