// A reply switched to an endless Server-Sent Events stream, as the game feed (feeds.ts) and the
// table chat (chat.ts) send them: the headers that keep proxies from buffering it, a `retry` hint,
// a comment every 15 s so idle connections stay open, and one ending, whoever ends it first.
//
// Memory per stream is bounded. A stream reads its next page only once what it wrote has left
// (`drained`), so a slow reader holds up its own stream, not the process's memory. Whatever is
// still unsent beyond `bufferBytes` (a reader that stopped reading while heartbeats and pages
// pile up) ends the stream at once, its unsent bytes dropped: the client reconnects and resumes
// from the last message it did receive (Last-Event-ID).

import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SSE_HEARTBEAT_MS = 15_000;

export interface EventStream {
  res: ServerResponse;
  /** Writes one message, unless the stream has ended. */
  message(id: number, event: string, data: unknown): void;
  /** Resolves once what was written has been handed to the connection, or the stream ended. */
  drained(): Promise<void>;
  /** Ends the stream (the credential it was opened with no longer holds, say); `comment` tells a reader looking at the raw stream why. */
  end(comment?: string): void;
}

export interface EventStreamOptions {
  /** Ends of every open stream, so that a graceful shutdown can end them all. */
  open: Set<() => void>;
  /** Bytes that may wait unsent before the stream is ended (STREAM_BUFFER_BYTES). */
  bufferBytes: number;
  /** Runs once, when the stream ends, whoever ends it. */
  onEnd: () => void;
}

/** Takes over the reply. */
export function startEventStream(request: FastifyRequest, reply: FastifyReply, { open, bufferBytes, onEnd }: EventStreamOptions): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const end = () => {
    if (!open.delete(end)) return;
    clearInterval(heartbeat);
    onEnd();
    res.end();
  };
  // What is still unsent once the connection has taken what it can (Node hands a reply's writes
  // to the socket at the end of the tick, so not at once) is measured against the bound; past
  // it, the unsent bytes are dropped with the connection: waiting for them to leave would keep
  // holding them.
  let measuring = false;
  const measure = () => {
    measuring = false;
    if (res.writableEnded || res.destroyed || res.writableLength <= bufferBytes) return;
    end();
    res.destroy();
  };
  const write = (text: string) => {
    if (res.writableEnded || res.destroyed) return;
    res.write(text);
    if (measuring) return;
    measuring = true;
    setImmediate(measure);
  };
  write('retry: 2000\n\n');
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), SSE_HEARTBEAT_MS);
  open.add(end);
  request.raw.once('close', end);
  return {
    res,
    message(id, event, data) {
      write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    drained() {
      if (!res.writableNeedDrain || res.writableEnded || res.destroyed) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.once('drain', done);
        res.once('close', done);
      });
    },
    end(comment) {
      if (comment && !res.writableEnded) res.write(`: ${comment.replace(/[\r\n]/g, ' ')}\n\n`);
      end();
    },
  };
}
