// Settings: email and webhook notifications, standing orders, vacation, personal access tokens
// (for bots and scripts). Each section reads and writes one resource of the API.

import { useState } from 'preact/hooks';
import { api, problemText, type AnyGame, type Schemas } from '../api/client.ts';
import { shortDate } from '../format.ts';
import { useLoad, useSession } from '../hooks.ts';
import { loginHref } from './auth.tsx';
import { OrderFields, type Orders } from '../orders.tsx';
import { GAME_UIS, titleOf } from '../games/registry.ts';
import { browserZone, zoneChanged } from '../zone.ts';
import { AccountSettings } from './settings-account.tsx';

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
      <AccountSettings />
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
  // A per-game subscription is for a game where you hold a seat: the ones not over yet.
  const games = useLoad(async () => {
    const { data } = await api.GET('/v1/me/games');
    return (data?.games ?? []).map((entry) => entry.game as AnyGame).filter((game) => game.status === 'active' || game.status === 'open');
  }, []);
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<Schemas['WebhookSubscription']['format']>('json');
  const [gameId, setGameId] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const titles = new Map((games.value ?? []).map((game) => [game.id, titleOf(game)]));
  async function create(event: Event) {
    event.preventDefault();
    setMessage(null);
    const { data, error } = await api.POST('/v1/webhooks', { body: { url, format, ...(gameId ? { gameId } : {}) } });
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
      <p>
        Be told at a URL (a Discord or Slack channel, your own bot) whenever one of your seats can act; or, for one game, whenever anyone in it can: point your group’s
        channel at it.
      </p>
      <form onSubmit={create} class="inline-form">
        <label for="webhook-url">URL</label>
        <input id="webhook-url" type="url" required maxLength={2048} value={url} onInput={(event) => setUrl((event.currentTarget as HTMLInputElement).value)} />
        <label for="webhook-format">Format</label>
        <select id="webhook-format" value={format} onChange={(event) => setFormat((event.currentTarget as HTMLSelectElement).value as typeof format)}>
          <option value="json">JSON (signed)</option>
          <option value="discord">Discord</option>
          <option value="slack">Slack</option>
        </select>
        <label for="webhook-game">For</label>
        <select id="webhook-game" value={gameId} onChange={(event) => setGameId((event.currentTarget as HTMLSelectElement).value)}>
          <option value="">all my seats</option>
          {(games.value ?? []).map((game) => (
            <option key={game.id} value={game.id}>
              every event of {titleOf(game)} ({game.id.slice(0, 8)})
            </option>
          ))}
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
            {hook.gameId ? (
              <>
                , every event of <a href={`/games/${hook.gameId}`}>{titles.get(hook.gameId) ?? `game ${hook.gameId.slice(0, 8)}`}</a>
              </>
            ) : (
              ', all my seats'
            )}
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
  const me = useSession();
  const preferences = useLoad(async () => {
    const { data, error } = await api.GET('/v1/me/preferences');
    if (!data) throw new Error(problemText(error));
    return data;
  }, []);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  async function change(body: { orders?: Partial<Orders>; timeZone?: string }) {
    const { data, error } = await api.PUT('/v1/me/preferences', { body });
    setMessage(data ? { text: 'Saved.', error: false } : { text: problemText(error), error: true });
    if (data && me) zoneChanged(me.token, data.timeZone);
    preferences.reload();
  }
  const value = preferences.value;
  const here = browserZone();
  const zones = [...new Set([here, 'UTC', ...(Intl.supportedValuesOf?.('timeZone') ?? []), ...(value ? [value.timeZone] : [])])].sort();
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Standing orders and time zone</h2>
      <p>What the server answers for you without asking, in games that start from now on (change one game’s on its page).</p>
      {value && (
        <>
          {[...GAME_UIS]
            .filter(([, ui]) => ui.orders.length > 0)
            .map(([game, ui]) => (
              <fieldset key={game}>
                <legend>{ui.name}</legend>
                <OrderFields fields={ui.orders} orders={value.orders} idPrefix="order" onChange={(orders) => change({ orders })} />
              </fieldset>
            ))}
          <div class="field">
            <label for="time-zone">Time zone for deadlines</label>
            <select id="time-zone" value={value.timeZone} onChange={(event) => change({ timeZone: (event.currentTarget as HTMLSelectElement).value })}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
            {value.timeZone !== here && (
              <button type="button" class="link" onClick={() => change({ timeZone: here })}>
                Use this device’s ({here})
              </button>
            )}
          </div>
        </>
      )}
      <Message text={preferences.error ?? message?.text ?? null} error={Boolean(preferences.error) || Boolean(message?.error)} />
    </section>
  );
}
