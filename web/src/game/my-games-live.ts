// "My games" kept current without a reload: the API's long-poll on the caller's games
// (`GET /v1/me/games/changes`) answers when any of them moves, in this tab, another tab or
// anywhere; and a tab coming back into view, or another tab writing to storage (a log-in, a game
// opened), asks again too. Each asks `onChange` to read the list again.

import { api } from '../api/client.ts';

const WAIT_SECONDS = 30;
const RETRY_MS = 2_000;

/** Follows the caller's games until the returned function is called. */
export function followMyGames(onChange: () => void): () => void {
  const abort = new AbortController();
  let stamp: string | undefined;
  const poll = async () => {
    while (!abort.signal.aborted) {
      const { data } = await api
        .GET('/v1/me/games/changes', { params: { query: stamp === undefined ? {} : { since: stamp, wait: WAIT_SECONDS } }, signal: abort.signal })
        .catch(() => ({ data: undefined }));
      if (abort.signal.aborted) return;
      if (!data) {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        continue;
      }
      if (stamp !== undefined && data.stamp !== stamp) onChange();
      stamp = data.stamp;
    }
  };
  void poll();
  const onVisible = () => {
    if (document.visibilityState === 'visible') onChange();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('storage', onChange);
  return () => {
    abort.abort();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('storage', onChange);
  };
}
