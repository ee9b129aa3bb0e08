// The service's refusals as HTTP problems: one table from refusal kind to status.

import { Refusal, type RefusalKind } from '../service/errors.ts';
import { ProblemError } from './problems.ts';

const STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  rule: 422,
  limited: 429,
};

export function refusalToProblem(error: unknown): unknown {
  if (error instanceof Refusal) return new ProblemError(STATUS[error.kind], error.code, error.message, error.extensions);
  return error;
}
