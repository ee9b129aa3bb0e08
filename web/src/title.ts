// The tab's title, kept live: "(2) Your move — Lobby — Judge Dredd play-by-web". The number is how
// many games await the signed-in player, from the API's awaiting feed (GET /v1/me/games?awaiting=
// true), read when a page opens, when the tab is shown again, when a game the page follows moves,
// and every half minute while signed in; on a game's page "Your move" says that this game awaits you.

import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { api } from './api/client.ts';
import { PRODUCT_NAME } from './product.ts';
import { session } from './session.ts';

const POLL_MS = 30_000;

let count = 0;
const listeners = new Set<() => void>();
let running: Promise<void> | null = null;
let again = false;

function set(next: number): void {
  if (next === count) return;
  count = next;
  listeners.forEach((listener) => listener());
}

/** Reads the awaiting feed again (one read at a time; a call meanwhile reads once more after it). */
export function refreshAwaiting(): void {
  if (running) {
    again = true;
    return;
  }
  running = (async () => {
    do {
      again = false;
      if (!session.current()) {
        set(0);
        continue;
      }
      const { data } = await api.GET('/v1/me/games', { params: { query: { awaiting: true } } }).catch(() => ({ data: undefined }));
      if (data) set(data.games.length);
    } while (again);
  })().finally(() => {
    running = null;
  });
}

let timer: ReturnType<typeof setInterval> | null = null;
function follow(): void {
  if (timer) return;
  timer = setInterval(() => {
    if (document.visibilityState === 'visible') refreshAwaiting();
  }, POLL_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && refreshAwaiting());
  session.subscribe(refreshAwaiting);
  refreshAwaiting();
}

/** How many games await the signed-in player, re-rendering when it changes. */
export function useAwaitingCount(): number {
  const [value, setValue] = useState(count);
  useEffect(() => {
    follow();
    const listener = () => setValue(count);
    listeners.add(listener);
    listener();
    return () => void listeners.delete(listener);
  }, []);
  return value;
}

/**
 * The tab's title for a page: `name` (null while it loads). "Your move" when games await you, or,
 * on a game's page (`game` given), when that game does.
 */
export function documentTitle(name: string | null, awaiting: number, game?: { awaitsMe: boolean }): string {
  const yourMove = game ? game.awaitsMe : awaiting > 0;
  const shown = Math.max(awaiting, yourMove ? 1 : 0);
  return `${shown > 0 ? `(${shown}) ` : ''}${[yourMove ? 'Your move' : null, name, PRODUCT_NAME].filter(Boolean).join(' — ')}`;
}

/** Sets the tab's title while the page is shown (`game`: the page is a game's, see documentTitle). */
export function usePageTitle(name: string | null, game?: { awaitsMe: boolean }): void {
  const awaiting = useAwaitingCount();
  const title = documentTitle(name, awaiting, game);
  // Set with the page's own DOM, not a frame later: the tab never names the page that was.
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
}
