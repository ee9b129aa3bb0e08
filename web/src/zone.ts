// The time zone deadlines are shown in: the player's own (`timeZone` in /v1/me/preferences, set on
// the settings page), else the browser's. Fetched once per session; the settings page updates it.

import { useEffect, useState } from 'preact/hooks';
import { api } from './api/client.ts';
import { useSession } from './hooks.ts';

export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

let loaded: { token: string; zone: Promise<string> } | null = null;
const listeners = new Set<(zone: string) => void>();

function zoneFor(token: string): Promise<string> {
  if (loaded?.token !== token) {
    loaded = { token, zone: api.GET('/v1/me/preferences').then(({ data }) => data?.timeZone ?? browserZone(), () => browserZone()) };
  }
  return loaded.zone;
}

/** The settings page changed it: pages showing deadlines follow. */
export function zoneChanged(token: string, zone: string): void {
  loaded = { token, zone: Promise.resolve(zone) };
  listeners.forEach((listener) => listener(zone));
}

export function useTimeZone(): string {
  const me = useSession();
  const [zone, setZone] = useState(browserZone());
  useEffect(() => {
    let live = true;
    if (me) zoneFor(me.token).then((value) => live && setZone(value));
    else setZone(browserZone());
    listeners.add(setZone);
    return () => {
      live = false;
      listeners.delete(setZone);
    };
  }, [me?.token]);
  return zone;
}

/** "Thu 02:00 (Europe/Paris)": a deadline at a glance, the zone named. */
export function zonedTime(iso: string, zone: string): string {
  try {
    const text = new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone });
    return `${text} (${zone})`;
  } catch {
    return `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} (UTC)`;
  }
}
