// A game's events live, over the API's Server-Sent Events route, and its table chat over the chat
// stream. Read with fetch (through the typed client) rather than EventSource, which cannot send the
// Authorization header; on a dropped connection each reconnects with Last-Event-ID, so nothing is
// missed or repeated.

import { api, type FeedEvent, type Schemas } from '../api/client.ts';
import { sseMessages } from './sse.ts';

export interface StreamHandle {
  close(): void;
}

type StreamState = 'live' | 'reconnecting';
type Opened = { data?: unknown; response: Response };

/**
 * Opens a stream after the last id seen, reads its messages, and on any drop reconnects after a
 * growing pause. `onMessage` answers the id the message carries, or null to skip a message already seen.
 */
function reconnecting(
  open: (last: number, signal: AbortSignal) => Promise<Opened>,
  after: number,
  onMessage: (data: string, last: number) => number | null,
  onState: (state: StreamState) => void,
): StreamHandle {
  const controller = new AbortController();
  let last = after;
  let delay = 500;
  (async () => {
    while (!controller.signal.aborted) {
      try {
        const { data, response } = await open(last, controller.signal);
        if (!response.ok || !data) throw new Error(`stream answered ${response.status}`);
        onState('live');
        delay = 500;
        for await (const message of sseMessages(data as ReadableStream<Uint8Array>, controller.signal)) {
          last = onMessage(message.data, last) ?? last;
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      onState('reconnecting');
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  })();
  return { close: () => controller.abort() };
}

export function followGame(gameId: string, after: number, handlers: { onEvent: (event: FeedEvent) => void; onState: (state: StreamState) => void }): StreamHandle {
  return reconnecting(
    (last, signal) => api.GET('/v1/games/{id}/stream', { params: { path: { id: gameId }, header: { 'last-event-id': String(last) } }, parseAs: 'stream', signal }),
    after,
    (data, last) => {
      const event = JSON.parse(data) as FeedEvent;
      if (event.seq <= last) return null;
      handlers.onEvent(event);
      return event.seq;
    },
    handlers.onState,
  );
}

export type ChatMessage = Schemas['ChatMessage'];

export function followChat(gameId: string, after: number, handlers: { onMessage: (message: ChatMessage) => void; onState: (state: StreamState) => void }): StreamHandle {
  return reconnecting(
    (last, signal) =>
      api.GET('/v1/games/{id}/chat/stream', { params: { path: { id: gameId }, header: { 'last-event-id': String(last) } }, parseAs: 'stream', signal }),
    after,
    (data, last) => {
      const message = JSON.parse(data) as ChatMessage;
      if (message.id <= last) return null;
      handlers.onMessage(message);
      return message.id;
    },
    handlers.onState,
  );
}
