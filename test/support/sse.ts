// Reads a Server-Sent Events stream raw, with node's http: each message's id, event and data as
// sent, comments and `retry:` kept apart, so tests see exactly what a browser's EventSource would.

import http from 'node:http';

export interface SseMessage {
  id?: string;
  event?: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received, as text (for an answer that is not a stream, e.g. a problem). */
  raw: string;
  messages: SseMessage[];
  comments: string[];
  retry?: number;
  /** Resolves once `predicate` holds for the messages received so far; rejects after `timeoutMs`. */
  until(predicate: (messages: SseMessage[]) => boolean, timeoutMs?: number, what?: string): Promise<SseMessage[]>;
  close(): void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
}

/** `localAddress`: the address to connect from (any 127.x.y.z on Linux), to be another client's address. */
export function openSse(url: string, headers: Record<string, string> = {}, { localAddress }: { localAddress?: string } = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, ...(localAddress ? { localAddress } : {}) }, (res) => {
      const waiters = new Set<() => void>();
      let buffer = '';
      let current: { id?: string; event?: string; data: string[] } = { data: [] };
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        raw: '',
        messages: [],
        comments: [],
        until(predicate, timeoutMs = 5_000, what = 'condition') {
          return new Promise((ok, fail) => {
            const check = () => {
              if (!predicate(stream.messages)) return;
              clearTimeout(timer);
              waiters.delete(check);
              ok(stream.messages);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`SSE: ${what} not met within ${timeoutMs} ms; got ${stream.messages.length} messages, the last ids ${stream.messages.slice(-5).map((m) => m.id).join(',')}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close() {
          request.destroy();
        },
        ended,
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        stream.raw += chunk;
        let newline: number;
        while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
          if (line === '') {
            if (current.data.length > 0 || current.id !== undefined || current.event !== undefined)
              stream.messages.push({ id: current.id, event: current.event, data: current.data.join('\n') });
            current = { data: [] };
          } else if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
          else {
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') current.id = value;
            else if (field === 'event') current.event = value;
            else if (field === 'data') current.data.push(value);
            else if (field === 'retry') stream.retry = Number(value);
          }
        }
        for (const check of [...waiters]) check();
      });
      res.on('end', () => endedResolve());
      res.on('close', () => endedResolve());
      res.on('error', () => endedResolve());
      resolve(stream);
    });
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}
