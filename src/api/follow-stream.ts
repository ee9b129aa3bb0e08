// Following something as Server-Sent Events (a game's events, its table chat): what every such
// stream does around its own reads. It listens before the first read, so that nothing written
// while that read runs is missed, and watches the caller's token from before it too, so that no
// revocation falls between; it fails with a problem (404, 401) before switching to a stream; then
// it reads and sends one page at a time, in order, so that nothing is sent twice or skipped, each
// page once the last has left the socket. A read that fails (the pool busy, the database
// restarting) is tried again after a pause growing to a few seconds: giving up would leave the
// stream behind until the next change, which may be days away. Before each page is sent the token
// is verified again: what a reader may see is theirs only while the token holds.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { startEventStream } from './event-stream.ts';
import type { OpenStreams } from './open-streams.ts';
import { credentialLost, watchCredential, type StreamOptions } from './stream-credentials.ts';

/** A failed read is tried again after this, doubling up to the maximum. */
const RETRY_MS = 100;
const RETRY_MAX_MS = 5_000;

export interface Page<Item> {
  /** Oldest first, after the cursor. */
  items: readonly Item[];
  /** More may be read at once after these. */
  more: boolean;
}

export interface Followed<Item> {
  /** Where the reader starts (its `Last-Event-ID`, or `after`). */
  cursor: number;
  /** The page after `cursor`, as the reader may see it; throws a problem for the first read. */
  read(cursor: number): Promise<Page<Item>>;
  /** The item's SSE `id` (the next cursor) and `event`. */
  id(item: Item): number;
  event(item: Item): string;
  /** Calls `wake` whenever something new may be there to read; returns how to stop listening. */
  subscribe(wake: () => void): () => void;
}

export interface FollowOptions extends StreamOptions {
  /** The caller's open streams (each counts against their cap). */
  open: OpenStreams;
  /** Ends of the plugin's open streams, so that closing the server ends them. */
  ends: Set<() => void>;
}

/** Takes over the reply once the first read has succeeded; until then a refusal is thrown as a problem. */
export async function followStream<Item>(request: FastifyRequest, reply: FastifyReply, followed: Followed<Item>, { open, ends, credentials, bufferBytes }: FollowOptions): Promise<void> {
  let cursor = followed.cursor;
  const release = open.take(request);
  let behind = false;
  let streaming = false;
  const unsubscribe = followed.subscribe(() => {
    behind = true;
    if (streaming) catchUp();
  });
  // Lost before the stream starts: refused (401) instead; once it runs: ended.
  let lost = false;
  let onLost = () => {
    lost = true;
  };
  const watch = watchCredential(credentials, request, () => onLost());
  let first: Page<Item>;
  try {
    first = await followed.read(cursor);
    if (lost || (watch && !(await watch.stillValid()))) throw credentialLost();
  } catch (error) {
    unsubscribe();
    watch?.stop();
    release();
    throw error;
  }

  const stream = startEventStream(request, reply, {
    open: ends,
    bufferBytes,
    onEnd: () => {
      unsubscribe();
      watch?.stop();
      release();
    },
  });
  onLost = () => stream.end('the token was revoked or expired');
  const { res, message, drained } = stream;
  const ended = () => res.writableEnded || res.destroyed;
  const send = (page: Page<Item>) => {
    for (const item of page.items) {
      if (ended()) return;
      message(followed.id(item), followed.event(item), item);
      cursor = followed.id(item);
    }
    if (page.more) behind = true;
  };
  let sending = Promise.resolve();
  const catchUp = () => {
    sending = sending.then(async () => {
      let pauseMs = RETRY_MS;
      while (behind && !ended()) {
        await drained();
        if (ended()) return;
        behind = false;
        const page = await followed
          .read(cursor)
          .then(async (read) => (watch && !(await watch.stillValid()) ? ('lost' as const) : read))
          .catch(() => null);
        if (page === 'lost') return stream.end('the token was revoked or expired');
        if (!page) {
          behind = true;
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
          pauseMs = Math.min(pauseMs * 2, RETRY_MAX_MS);
          continue;
        }
        send(page);
      }
    });
  };
  send(first);
  streaming = true;
  catchUp();
}
