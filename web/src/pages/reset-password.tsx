// Forgot your password: without a token, ask for the reset email; with the token from the link in
// that email, choose a new password. The service answers alike whether or not an account has the
// address, and so does this page.

import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, problemText } from '../api/client.ts';
import { Field } from './auth.tsx';

export function ResetPasswordPage() {
  const { query } = useLocation();
  return query.token ? <ChooseNewPassword token={query.token} /> : <AskForLink />;
}

function AskForLink() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { data, error } = await api.POST('/v1/password-resets', { body: { email } });
    setBusy(false);
    if (!data) return setError(problemText(error));
    setSent(data.detail);
  }
  return (
    <main class="narrow">
      <h1>Forgot your password?</h1>
      {sent ? (
        <p role="status" class="ok">
          {sent}
        </p>
      ) : (
        <form onSubmit={submit}>
          <Field label="Email" name="email" type="email" autocomplete="email" value={email} onInput={setEmail} hint="The address of your account: we email it a link to choose a new password." />
          {error && (
            <p role="alert" class="error">
              {error}
            </p>
          )}
          <button type="submit" disabled={busy}>
            Email me a link
          </button>
        </form>
      )}
      <p>
        <a href="/login">Back to log in</a>
      </p>
    </main>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { response, error } = await api.POST('/v1/password-resets/confirm', { body: { token, password } });
    setBusy(false);
    if (!response.ok) return setError(problemText(error));
    setDone(true);
  }
  return (
    <main class="narrow">
      <h1>Choose a new password</h1>
      {done ? (
        <p role="status" class="ok">
          Your password is changed, and every device is logged out. <a href="/login">Log in</a> with the new one.
        </p>
      ) : (
        <form onSubmit={submit}>
          <Field label="New password" name="password" type="password" autocomplete="new-password" value={password} onInput={setPassword} hint="8 to 200 characters, hard to guess: a few unrelated words work well." />
          {error && (
            <p role="alert" class="error">
              {error} <a href="/reset-password">Ask for a new link</a>.
            </p>
          )}
          <button type="submit" disabled={busy}>
            Set my password
          </button>
        </form>
      )}
    </main>
  );
}
