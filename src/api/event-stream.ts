// A reply switched to an endless Server-Sent Events stream, as the game feed (feeds.ts) and the
// table chat (chat.ts) send them: the headers that keep proxies from buffering it, a `retry` hint,
// a comment every 15 s so idle connections stay open, and one ending, whoever ends it first.

import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SSE_HEARTBEAT_MS = 15_000;

export interface EventStream {
  res: ServerResponse;
  /** Writes one message, unless the stream has ended. */
  message(id: number, event: string, data: unknown): void;
}

/**
 * Takes over the reply. `onEnd` runs once, when the client leaves or the server closes: `open`
 * holds each stream's ending until then, so a graceful shutdown can end them all.
 */
export function startEventStream(request: FastifyRequest, reply: FastifyReply, open: Set<() => void>, onEnd: () => void): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 2000\n\n');
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), SSE_HEARTBEAT_MS);
  const end = () => {
    if (!open.delete(end)) return;
    clearInterval(heartbeat);
    onEnd();
    res.end();
  };
  open.add(end);
  request.raw.once('close', end);
  return {
    res,
    message(id, event, data) {
      if (!res.writableEnded) res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
  };
}
