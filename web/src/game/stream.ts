// A game's events live, over the API's Server-Sent Events route. Read with fetch (through the typed
// client) rather than EventSource, which cannot send the Authorization header; on a dropped
// connection it reconnects with Last-Event-ID, so no event is missed or repeated.

import { api, type FeedEvent } from '../api/client.ts';
import { sseMessages } from './sse.ts';

export interface StreamHandle {
  close(): void;
}

export function followGame(
  gameId: string,
  after: number,
  handlers: { onEvent: (event: FeedEvent) => void; onState: (state: 'live' | 'reconnecting') => void },
): StreamHandle {
  const controller = new AbortController();
  let last = after;
  let delay = 500;
  (async () => {
    while (!controller.signal.aborted) {
      try {
        const { data, response } = await api.GET('/v1/games/{id}/stream', {
          params: { path: { id: gameId }, header: { 'last-event-id': String(last) } },
          parseAs: 'stream',
          signal: controller.signal,
        });
        if (!response.ok || !data) throw new Error(`stream answered ${response.status}`);
        handlers.onState('live');
        delay = 500;
        for await (const message of sseMessages(data as ReadableStream<Uint8Array>, controller.signal)) {
          const event = JSON.parse(message.data) as FeedEvent;
          if (event.seq <= last) continue;
          last = event.seq;
          handlers.onEvent(event);
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      handlers.onState('reconnecting');
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  })();
  return { close: () => controller.abort() };
}
