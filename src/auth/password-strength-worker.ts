// The password checker's thread (password-strength-thread.ts starts it): zxcvbn's dictionaries
// live in this thread's heap, so the service's garbage collections never mark them, and a check
// never holds up the service's event loop.

import { parentPort } from 'node:worker_threads';
import { guessableReason } from './password-strength.ts';
import type { StrengthAnswer, StrengthQuestion } from './password-strength-thread.ts';

const port = parentPort!;
port.on('message', ({ id, password, context, service }: StrengthQuestion) => {
  const answer: StrengthAnswer = { id, reason: guessableReason(password, context, service) };
  port.postMessage(answer);
});
