// The web client reads the API's SSE stream with fetch (web/src/game/sse.ts): messages split
// across chunks, comments (keep-alives), CRLF line ends and multi-line data are read as the SSE
// format says, each with the id the client resumes from (Last-Event-ID).

import { describe, expect, it } from 'vitest';
import { sseMessages } from '../../web/src/game/sse.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]) {
  const out: { id: string | null; data: string }[] = [];
  for await (const message of sseMessages(streamOf(chunks), new AbortController().signal)) out.push(message);
  return out;
}

describe('sseMessages', () => {
  it('reads messages split anywhere across chunks, skipping comments and the retry field', async () => {
    const text = 'retry: 2000\n\n: keep-alive\n\nid: 7\nevent: TurnBegan\ndata: {"seq":7}\n\nid: 8\nevent: CardsDrawn\ndata: {"seq":8}\n\n';
    const whole = await collect([text]);
    expect(whole).toEqual([
      { id: '7', data: '{"seq":7}' },
      { id: '8', data: '{"seq":8}' },
    ]);
    for (const size of [1, 3, 10]) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(await collect(chunks), `chunks of ${size}`).toEqual(whole);
    }
  });

  it('joins multi-line data and accepts CRLF line ends; an unfinished message at the end is not delivered', async () => {
    expect(await collect(['id: 1\r\ndata: a\r\ndata: b\r\n\r\nid: 2\ndata: never finished\n'])).toEqual([{ id: '1', data: 'a\nb' }]);
  });
});
