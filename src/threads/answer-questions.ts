// The worker's side of ./thread-on-call.ts: each question answered in turn, a thrown error sent
// back as its sentence instead of ending the thread.

import { parentPort } from 'node:worker_threads';
import type { Numbered, Reply } from './thread-on-call.ts';

export function answerQuestions<Question extends object, Answer>(answer: (question: Question) => Answer): void {
  const port = parentPort;
  if (!port) throw new Error('answerQuestions runs on a worker thread.');
  port.on('message', ({ id, ...question }: Numbered<Question>) => {
    let reply: Reply<Answer>;
    try {
      reply = { id, answer: answer(question as unknown as Question) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
