// The password checker's thread (password-strength-thread.ts starts it): zxcvbn's dictionaries
// live in this thread's heap, so the service's garbage collections never mark them, and a check
// never holds up the service's event loop.

import { answerQuestions } from '../threads/answer-questions.ts';
import { guessableReason } from './password-strength.ts';
import type { StrengthQuestion } from './password-strength-thread.ts';

answerQuestions(({ password, context, service }: StrengthQuestion) => guessableReason(password, context, service));
