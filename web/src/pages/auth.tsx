// Sign up and log in. Both end where the visitor was going: `?next=/games/…` (a link from an email
// or webhook followed while signed out), else their games.

import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, problemText } from '../api/client.ts';
import { session } from '../session.ts';
import { usePageTitle } from '../title.ts';

/** Only paths of this site, so `next` cannot send anyone elsewhere. */
export function safeNext(next: string | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function loginHref(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}

export function Field(props: { label: string; name: string; type?: 'text' | 'email' | 'password'; autocomplete: string; value: string; onInput: (value: string) => void; hint?: string }) {
  const id = `field-${props.name}`;
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={(props.type ?? 'text') as 'text'}
        autocomplete={props.autocomplete}
        required
        value={props.value}
        onInput={(event) => props.onInput((event.currentTarget as HTMLInputElement).value)}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
      />
      {props.hint && (
        <small id={`${id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
    </div>
  );
}

export function LoginPage() {
  usePageTitle('Log in');
  const { query, route } = useLocation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body = name.includes('@') ? { email: name, password } : { handle: name, password };
    const { data, error } = await api.POST('/v1/sessions', { body });
    if (!data) {
      setBusy(false);
      return setError(problemText(error));
    }
    // The session answer carries no account: ask who this token is, to show the handle.
    const account = await api.GET('/v1/me', { headers: { authorization: `Bearer ${data.token}` } });
    setBusy(false);
    if (!account.data) return setError(problemText(account.error));
    session.set({ token: data.token, handle: account.data.handle, expiresAt: data.expiresAt });
    route(safeNext(query.next));
  }
  return (
    <main class="narrow">
      <h1>Log in</h1>
      <form onSubmit={submit}>
        <Field label="Handle or email" name="handle" autocomplete="username" value={name} onInput={setName} />
        <Field label="Password" name="password" type="password" autocomplete="current-password" value={password} onInput={setPassword} />
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Log in
        </button>
      </form>
      <p>
        <a href="/reset-password">Forgot your password?</a>
      </p>
      <p>
        No account? <a href={query.next ? `/signup?next=${encodeURIComponent(query.next)}` : '/signup'}>Sign up</a>.
      </p>
    </main>
  );
}

export function SignupPage() {
  usePageTitle('Sign up');
  const { query, route } = useLocation();
  const [handle, setHandle] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { data, error } = await api.POST('/v1/accounts', { body: { handle, email, password } });
    setBusy(false);
    if (!data) return setError(problemText(error));
    session.set({ token: data.token, handle: data.account.handle, expiresAt: data.expiresAt });
    route(safeNext(query.next));
  }
  return (
    <main class="narrow">
      <h1>Sign up</h1>
      <form onSubmit={submit}>
        <Field label="Handle" name="handle" autocomplete="username" value={handle} onInput={setHandle} hint="Your name at the table: 3 to 32 letters, digits, _ or -." />
        <Field label="Email" name="email" type="email" autocomplete="email" value={email} onInput={setEmail} hint="For notifications; never shown to other players." />
        <Field label="Password" name="password" type="password" autocomplete="new-password" value={password} onInput={setPassword} hint="8 to 200 characters, hard to guess: a few unrelated words work well." />
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Create account
        </button>
      </form>
      <p>
        Already have an account? <a href={query.next ? `/login?next=${encodeURIComponent(query.next)}` : '/login'}>Log in</a>.
      </p>
    </main>
  );
}
