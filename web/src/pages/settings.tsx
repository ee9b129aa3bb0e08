// Settings: email, browser (Web Push) and webhook notifications, standing orders, vacation, personal access tokens
// (for bots and scripts). Each section reads and writes one resource of the API.

import { useState } from 'preact/hooks';
import { api, problemText, type AnyGame, type Schemas } from '../api/client.ts';
import { shortDate } from '../format.ts';
import { useLoad, useSession } from '../hooks.ts';
import { loginHref } from './auth.tsx';
import { OrderFields, type Orders } from '../orders.tsx';
import { GAME_UIS, titleOf } from '../games/registry.ts';
import { browserZone, zoneChanged } from '../zone.ts';
import { setConfirmCommands, useConfirmCommands } from '../game/confirm-setting.ts';
import { usePageTitle } from '../title.ts';
import { AccountSections } from './settings-account.tsx';
import { Message } from './message.tsx';


export function SettingsPage() {
  const me = useSession();
  usePageTitle('Settings');
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
      <Confirming />
      <Notifications />
      <PushNotifications />
      <Webhooks />
      <Orders />
      <VacationSettings />
      <Tokens />
      <AccountSections />
    </main>
  );
}

/** The confirm step before a move is sent: a setting of this browser, on unless switched off. */
function Confirming() {
  const on = useConfirmCommands();
  return (
    <section aria-labelledby="confirm-title">
      <h2 id="confirm-title">Playing</h2>
      <label class="inline">
        <input type="checkbox" checked={on} onChange={(event) => setConfirmCommands((event.currentTarget as HTMLInputElement).checked)} />
        Confirm each move before it is sent
      </label>
      <p class="hint">On: a tap shows the move in words, with its cost and odds, and sends it only on “Confirm”. Kept in this browser.</p>
    </section>
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

/** Whether this browser can be subscribed to Web Push at all. */
const pushSupported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;

/** This browser's push subscription, if it has one (the service worker registered by sw.js). */
async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

function PushNotifications() {
  const state = useLoad(async () => {
    const [settings, list, subscription] = await Promise.all([
      api.GET('/v1/me/push-settings'),
      api.GET('/v1/me/push-subscriptions'),
      pushSupported() ? browserSubscription() : Promise.resolve(null),
    ]);
    if (!settings.data) throw new Error(problemText(settings.error));
    const mine = subscription && list.data?.subscriptions.find((s) => s.endpoint === subscription.endpoint);
    return { muted: settings.data.muted, devices: list.data?.subscriptions.length ?? 0, thisDevice: mine ?? null };
  }, []);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function optIn() {
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setMessage({ text: 'Notifications are blocked for this site: allow them in your browser’s site settings, then try again.', error: true });
        return;
      }
      const key = await api.GET('/v1/push/key');
      if (!key.data) throw new Error(problemText(key.error));
      await navigator.serviceWorker.register('/sw.js');
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64urlBytes(key.data.publicKey) }));
      const json = subscription.toJSON();
      const { error } = await api.POST('/v1/me/push-subscriptions', {
        body: { endpoint: subscription.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
      });
      setMessage(error ? { text: problemText(error), error: true } : { text: 'This device will be told when a game awaits you.', error: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), error: true });
    } finally {
      setBusy(false);
      state.reload();
    }
  }

  async function optOut(id: string) {
    setBusy(true);
    try {
      await (await browserSubscription())?.unsubscribe();
      const { error } = await api.DELETE('/v1/me/push-subscriptions/{id}', { params: { path: { id } } });
      setMessage(error ? { text: problemText(error), error: true } : { text: 'This device will not be told any more.', error: false });
    } finally {
      setBusy(false);
      state.reload();
    }
  }

  // The box shows the player's choice at once. Were it bound to the loaded value alone, any render
  // before the reload (the message's, say) would set it back to the old value under their thumb.
  const [chosenMute, setChosenMute] = useState<boolean | null>(null);
  async function mute(muted: boolean) {
    setChosenMute(muted);
    const { data, error } = await api.PUT('/v1/me/push-settings', { body: { muted } });
    setChosenMute(data ? data.muted : null);
    setMessage(data ? { text: muted ? 'Push is muted on all your devices.' : 'Push is on again.', error: false } : { text: problemText(error), error: true });
    state.reload();
  }

  const value = state.value;
  return (
    <section aria-labelledby="push-title">
      <h2 id="push-title">Browser notifications</h2>
      <p>A notification on this device when a game awaits you, when a deadline nears (with a reminder chosen above) and when a game ends; clicking it opens the game.</p>
      {!pushSupported() && <p>This browser cannot receive push notifications.</p>}
      {value && pushSupported() && (
        <p>
          {value.thisDevice ? (
            <button type="button" disabled={busy} onClick={() => void optOut(value.thisDevice!.id)}>
              Stop notifying this device
            </button>
          ) : (
            <button type="button" disabled={busy} onClick={() => void optIn()}>
              Notify this device
            </button>
          )}
        </p>
      )}
      {value && (
        <div class="field">
          <label>
            <input type="checkbox" checked={chosenMute ?? value.muted} onChange={(event) => void mute((event.currentTarget as HTMLInputElement).checked)} /> Mute on all my devices
            ({value.devices} subscribed)
          </label>
        </div>
      )}
      <Message text={state.error ?? message?.text ?? null} error={Boolean(state.error) || Boolean(message?.error)} />
    </section>
  );
}

/** The VAPID key as `applicationServerKey` wants it. */
function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
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
