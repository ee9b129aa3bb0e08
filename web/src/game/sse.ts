// Server-Sent Events read from a fetch body: the text/event-stream format, without EventSource
// (which cannot send the Authorization header). Pure: no import, tested in test/web/sse.test.ts.

/** Parses SSE messages out of a text stream: `id`, `event` and `data` lines, a blank line ends one. */
export async function* sseMessages(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<{ id: string | null; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let id: string | null = null;
  let data: string[] = [];
  try {
    while (!signal.aborted) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r?\n/)) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer[newline] === '\r' ? 2 : 1));
        if (line === '') {
          if (data.length) yield { id, data: data.join('\n') };
          data = [];
          id = null;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') data.push(text);
        else if (field === 'id') id = text;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
