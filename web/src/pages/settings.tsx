// Settings: email and webhook notifications, standing orders, vacation, personal access tokens
// (for bots and scripts). Each section reads and writes one resource of the API.

import { useState } from 'preact/hooks';
import { api, problemText, type Schemas } from '../api/client.ts';
import { shortDate } from '../format.ts';
import { useLoad, useSession } from '../hooks.ts';
import { loginHref } from './auth.tsx';

function Message({ text, error }: { text: string | null; error?: boolean }) {
  if (!text) return null;
  return (
    <p role={error ? 'alert' : 'status'} class={error ? 'error' : 'ok'}>
      {text}
    </p>
  );
}

export function SettingsPage() {
  const me = useSession();
  if (!me) {
    return (
      <main class="narrow">
        <h1>Settings</h1>
        <p>
          <a href={loginHref('/settings')}>Log in</a> to change your settings.
        </p>
      </main>
    );
  }
  return (
    <main class="narrow settings">
      <h1>Settings</h1>
      <Notifications />
      <Webhooks />
      <Orders />
      <VacationSettings />
      <Tokens />
    </main>
  );
}

function Notifications() {
  const settings = useLoad(async () => {
    const { data, error } = await api.GET('/v1/me/notifications');
    if (!data) throw new Error(problemText(error));
    return data;
  }, []);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  async function change(body: { email?: Schemas['NotificationSettings']['email']; reminderMinutes?: number | null }) {
    const { data, error } = await api.PUT('/v1/me/notifications', { body });
    setMessage(data ? { text: 'Saved.', error: false } : { text: problemText(error), error: true });
    settings.reload();
  }
  const value = settings.value;
  return (
    <section aria-labelledby="notifications-title">
      <h2 id="notifications-title">Email notifications</h2>
      {value && (
        <>
          <p>
            To {value.emailAddress} {value.emailVerified ? '(verified)' : '(not verified yet: nothing is sent until you open the link we emailed)'}
          </p>
          <div class="field">
            <label for="email-mode">Email me</label>
            <select id="email-mode" value={value.email} onChange={(event) => change({ email: (event.currentTarget as HTMLSelectElement).value as typeof value.email })}>
              <option value="every">every time a game awaits me</option>
              <option value="digest">a digest per game</option>
              <option value="off">never</option>
            </select>
          </div>
          <div class="field">
            <label for="reminder">Reminder before a deadline</label>
            <select id="reminder" value={String(value.reminderMinutes ?? '')} onChange={(event) => {
              const raw = (event.currentTarget as HTMLSelectElement).value;
              void change({ reminderMinutes: raw === '' ? null : Number(raw) });
            }}>
              <option value="">none</option>
              <option value="60">an hour before</option>
              <option value="240">four hours before</option>
              <option value="1440">a day before</option>
            </select>
          </div>
        </>
      )}
      <Message text={settings.error ?? message?.text ?? null} error={Boolean(settings.error) || Boolean(message?.error)} />
    </section>
  );
}

function VacationSettings() {
  const vacation = useLoad(async () => {
    const { data, error } = await api.GET('/v1/me/vacation');
    if (!data) throw new Error(problemText(error));
    return data;
  }, []);
  const [days, setDays] = useState('7');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  async function start(event: Event) {
    event.preventDefault();
    const { data, error } = await api.POST('/v1/me/vacation', { body: { days: Number(days) } });
    setMessage(data ? { text: 'Your clocks are paused.', error: false } : { text: problemText(error), error: true });
    vacation.reload();
  }
  async function end() {
    const { error } = await api.DELETE('/v1/me/vacation');
    setMessage(error ? { text: problemText(error), error: true } : { text: 'Welcome back: your clocks run again.', error: false });
    vacation.reload();
  }
  const value = vacation.value;
  return (
    <section aria-labelledby="vacation-title">
      <h2 id="vacation-title">Vacation</h2>
      {value && (
        <p>
          {value.until ? `On vacation until ${shortDate(value.until)}. ` : ''}
          {value.daysUsed} of {value.daysAllowed} days used in {value.year}.
        </p>
      )}
      {value?.until ? (
        <button type="button" onClick={end}>
          End the vacation now
        </button>
      ) : (
        <form onSubmit={start} class="inline-form">
          <label for="vacation-days">Pause my clocks for (days)</label>
          <input id="vacation-days" type="number" min={1} max={366} value={days} onInput={(event) => setDays((event.currentTarget as HTMLInputElement).value)} />
          <button type="submit">Start vacation</button>
        </form>
      )}
      <Message text={vacation.error ?? message?.text ?? null} error={Boolean(vacation.error) || Boolean(message?.error)} />
    </section>
  );
}

function Tokens() {
  const tokens = useLoad(async () => {
    const { data, error } = await api.GET('/v1/me/tokens');
    if (!data) throw new Error(problemText(error));
    return data.tokens;
  }, []);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  async function create(event: Event) {
    event.preventDefault();
    setMessage(null);
    const { data, error } = await api.POST('/v1/me/tokens', { body: { name } });
    if (!data) return setMessage(problemText(error));
    setCreated(data.token);
    setName('');
    tokens.reload();
  }
  async function revoke(id: string) {
    const { error } = await api.DELETE('/v1/me/tokens/{id}', { params: { path: { id } } });
    if (error) setMessage(problemText(error));
    tokens.reload();
  }
  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title">Personal access tokens</h2>
      <p>For bots and scripts: send one as <code>Authorization: Bearer …</code>.</p>
      <form onSubmit={create} class="inline-form">
        <label for="token-name">Name</label>
        <input id="token-name" required maxLength={100} value={name} onInput={(event) => setName((event.currentTarget as HTMLInputElement).value)} />
        <button type="submit">Create token</button>
      </form>
      {created && (
        <p role="status">
          Your new token, shown this once: <code class="secret">{created}</code>
        </p>
      )}
      <Message text={tokens.error ?? message} error />
      <ul class="tokens">
        {(tokens.value ?? []).map((token) => (
          <li key={token.id}>
            <strong>{token.name}</strong> — {token.status}, created {shortDate(token.createdAt)}
            {token.lastUsedAt ? `, last used ${shortDate(token.lastUsedAt)}` : ''}{' '}
            {token.status === 'active' && (
              <button type="button" class="link" onClick={() => revoke(token.id)} aria-label={`Revoke ${token.name}`}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Webhooks() {
  const hooks = useLoad(async () => {
    const { data, error } = await api.GET('/v1/webhooks');
    if (!data) throw new Error(problemText(error));
    return data.webhooks;
  }, []);
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<Schemas['WebhookSubscription']['format']>('json');
  const [secret, setSecret] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  async function create(event: Event) {
    event.preventDefault();
    setMessage(null);
    const { data, error } = await api.POST('/v1/webhooks', { body: { url, format } });
    if (!data) return setMessage(problemText(error));
    setSecret(data.secret);
    setUrl('');
    hooks.reload();
  }
  async function remove(id: string) {
    const { error } = await api.DELETE('/v1/webhooks/{id}', { params: { path: { id } } });
    if (error) setMessage(problemText(error));
    hooks.reload();
  }
  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p>Be told at a URL (a Discord or Slack channel, your own bot) whenever one of your seats can act.</p>
      <form onSubmit={create} class="inline-form">
        <label for="webhook-url">URL</label>
        <input id="webhook-url" type="url" required maxLength={2048} value={url} onInput={(event) => setUrl((event.currentTarget as HTMLInputElement).value)} />
        <label for="webhook-format">Format</label>
        <select id="webhook-format" value={format} onChange={(event) => setFormat((event.currentTarget as HTMLSelectElement).value as typeof format)}>
          <option value="json">JSON (signed)</option>
          <option value="discord">Discord</option>
          <option value="slack">Slack</option>
        </select>
        <button type="submit">Add webhook</button>
      </form>
      {secret && (
        <p role="status">
          Its signing secret, shown this once: <code class="secret">{secret}</code>
        </p>
      )}
      <Message text={hooks.error ?? message} error />
      <ul class="tokens">
        {(hooks.value ?? []).map((hook) => (
          <li key={hook.id}>
            <strong>{hook.url}</strong> — {hook.format}
            {hook.enabled ? '' : `, disabled${hook.disabledReason ? `: ${hook.disabledReason}` : ''}`}{' '}
            <button type="button" class="link" onClick={() => remove(hook.id)} aria-label={`Delete the webhook to ${hook.url}`}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Orders() {
  const preferences = useLoad(async () => {
    const { data, error } = await api.GET('/v1/me/preferences');
    if (!data) throw new Error(problemText(error));
    return data;
  }, []);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  async function change(orders: Partial<Schemas['StandingOrders']>) {
    const { data, error } = await api.PUT('/v1/me/preferences', { body: { orders } });
    setMessage(data ? { text: 'Saved.', error: false } : { text: problemText(error), error: true });
    preferences.reload();
  }
  const orders = preferences.value?.orders;
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Standing orders</h2>
      <p>What the server answers for you without asking, in games that start from now on.</p>
      {orders && (
        <>
          <div class="field">
            <label for="order-interrupt">INTERRUPT windows</label>
            <select id="order-interrupt" value={orders.interrupt} onChange={(event) => change({ interrupt: (event.currentTarget as HTMLSelectElement).value as typeof orders.interrupt })}>
              <option value="ask">ask me</option>
              <option value="endOfTurnOnly">pass after actions, ask me at the end of a turn</option>
              <option value="never">always pass</option>
            </select>
          </div>
          <div class="field">
            <label for="order-defence">Defences</label>
            <select id="order-defence" value={orders.defence} onChange={(event) => change({ defence: (event.currentTarget as HTMLSelectElement).value as typeof orders.defence })}>
              <option value="ask">ask me</option>
              <option value="always">defend whenever a card allows (the server picks the card)</option>
              <option value="never">take the damage</option>
            </select>
          </div>
        </>
      )}
      <Message text={preferences.error ?? message?.text ?? null} error={Boolean(preferences.error) || Boolean(message?.error)} />
    </section>
  );
}
