// Every error the API returns is `application/problem+json` (RFC 9457) with a stable `code` that
// clients switch on, and a `detail` a person can read. Routes throw `ProblemError`; the layers
// below HTTP (service, auth, notify) throw `Refusal` (src/platform/refusal.ts), whose kind maps to a
// status here; everything else (schema validation, malformed bodies, unknown routes, bugs) is
// mapped here too, once, for all plugins. Nothing a client sends can produce a 500: those are reserved for our own faults.

import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Refusal, type RefusalKind } from '../platform/refusal.ts';
import { issueSentence, validationDetail } from './validation-sentences.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** One offending field: where it was (`body`, `querystring`, `params`, `headers`) and its JSON Pointer. */
export interface FieldError {
  in: string;
  path: string;
  /** The validator's message, for programs. */
  message: string;
  /** The same as a sentence for people. */
  sentence: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  requestId?: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

/** Throw from a route to answer with a problem; `extensions` become extra members of the body. */
export class ProblemError extends Error {
  override name = 'ProblemError';
  readonly status: number;
  readonly code: string;
  readonly extensions: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    detail: string,
    extensions: Record<string, unknown> = {},
  ) {
    super(detail);
    this.status = status;
    this.code = code;
    this.extensions = extensions;
  }
}

/** A refusal's kind as an HTTP status: the one table. */
export const REFUSAL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  rule: 422,
  limited: 429,
};

/** A `Refusal` as the problem it answers with; anything else as it is. */
export function refusalToProblem(error: unknown): unknown {
  if (error instanceof Refusal) return new ProblemError(REFUSAL_STATUS[error.kind], error.code, error.message, error.extensions);
  return error;
}

export const problemSchema = {
  $id: 'Problem',
  type: 'object',
  description: 'An error, as RFC 9457 problem details. Switch on `code`; show `detail` to people.',
  required: ['type', 'title', 'status', 'code', 'detail'],
  properties: {
    type: { type: 'string', description: 'Always `about:blank`: `code` carries the meaning.' },
    title: { type: 'string', description: 'The HTTP status phrase.' },
    status: { type: 'integer' },
    code: { type: 'string', description: 'Stable machine-readable code, e.g. `VALIDATION_FAILED`, `NOT_FOUND`.' },
    detail: { type: 'string', description: 'What went wrong, in a sentence.' },
    requestId: { type: 'string', description: 'Identifies the request in the service logs (also the `x-request-id` header).' },
    errors: {
      type: 'array',
      description: 'For `VALIDATION_FAILED`: each offending field.',
      items: {
        type: 'object',
        required: ['in', 'path', 'message', 'sentence'],
        properties: {
          in: { type: 'string', enum: ['body', 'querystring', 'params', 'headers'] },
          path: { type: 'string', description: 'JSON Pointer to the field within `in`; empty for the whole of it.' },
          message: { type: 'string', description: 'The validator’s wording, for programs.' },
          sentence: { type: 'string', description: 'What is wrong with the field, in a sentence for people (`detail` joins them).' },
        },
      },
    },
  },
  additionalProperties: true,
} as const;

/** Route-schema `response` entries for the given error statuses, all problem+json. */
export function problemResponses(...statuses: number[]): Record<number, unknown> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: STATUS_CODES[status] ?? 'Error',
        content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: 'Problem#' } } },
      },
    ]),
  );
}

/** Codes for errors that carry only an HTTP status (Fastify's own, body parsing, plugins). */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'MALFORMED_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  411: 'LENGTH_REQUIRED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  detail: string,
  extensions: Record<string, unknown> = {},
): FastifyReply {
  const problem: Problem = {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    code,
    detail,
    requestId: request.id,
    ...extensions,
  };
  // Also set by an onRequest hook, but framework errors (undecodable URLs) are answered before hooks run.
  return reply.code(status).type(PROBLEM_CONTENT_TYPE).header('x-request-id', request.id).send(problem);
}

/**
 * The plugin named `problems`: the error and not-found handlers and the shared `Problem` schema, on
 * the instance that registers it (fastify-plugin: not encapsulated). A plugin takes the handler and
 * the schemas its parent has when it is registered, so every plugin of ours that answers with
 * problems names this one among its dependencies.
 */
export const problemHandling = fp(handleProblems, { name: 'problems' });

async function handleProblems(app: FastifyInstance): Promise<void> {
  app.addSchema(problemSchema);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    sendProblem(request, reply, 404, 'NOT_FOUND', `There is no ${request.method} ${truncate(path, 200)}.`);
  });

  app.setErrorHandler((thrown: FastifyError | ProblemError | Refusal, request, reply) => {
    const error = refusalToProblem(thrown) as FastifyError | ProblemError;
    if (error instanceof ProblemError) {
      // A limit that frees itself with time says when (e.g. games created in the last 24 hours).
      if (typeof error.extensions.retryAfterSeconds === 'number') reply.header('retry-after', String(error.extensions.retryAfterSeconds));
      return sendProblem(request, reply, error.status, error.code, error.message, error.extensions);
    }
    if (error.validation) {
      const context = error.validationContext ?? 'body';
      // Ajv reports an unknown field (or map key) at its parent, with the name only in `params`: the
      // path and the sentence name it instead, so a typo says which word was not understood.
      const said = new Map<string, FieldError>();
      for (const issue of error.validation) {
        const { missingProperty, additionalProperty } = issue.params as Record<string, string | undefined>;
        // A key refused by `propertyNames`: Ajv puts it on the issue (the key's own check) or in `params` (the summary).
        const propertyName = (issue as { propertyName?: string }).propertyName ?? (issue.params as { propertyName?: string }).propertyName;
        const unknown = additionalProperty ?? propertyName;
        const field = missingProperty ?? unknown;
        const path = field === undefined ? issue.instancePath : `${issue.instancePath}/${escapePointer(field)}`;
        const message = unknown === undefined ? (issue.message ?? 'is invalid') : additionalProperty !== undefined ? 'is not a known field' : 'is not a known name here';
        const keyword = unknown === undefined ? issue.keyword : additionalProperty !== undefined ? 'additionalProperties' : 'propertyNames';
        const sentence = issueSentence({ in: context, path, keyword, params: issue.params as Record<string, unknown>, message });
        // As Fastify words it ("body/options must have required property 'map'"), but of the unknown field itself.
        said.set(`${context}${unknown === undefined ? issue.instancePath : path} ${message}`, { in: context, path, message, sentence });
      }
      const errors = [...said.values()];
      return sendProblem(request, reply, 400, 'VALIDATION_FAILED', validationDetail(errors.map((error) => error.sentence)), { errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'The request body is not valid JSON.' : error.message;
      return sendProblem(request, reply, status, CODE_BY_STATUS[status] ?? 'BAD_REQUEST', detail);
    }
    if (status === 503) {
      return sendProblem(request, reply, 503, 'SERVICE_UNAVAILABLE', 'The service is shutting down or overloaded; retry shortly.');
    }
    if (isDatabaseUnavailable(error)) {
      // Not the client's fault, and not a bug: the database could not be reached in time (overload,
      // failover). Nothing was applied; the client may retry, with the same Idempotency-Key.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '2');
      return sendProblem(request, reply, 503, 'DATABASE_UNAVAILABLE', 'The database is busy or unreachable; nothing was changed. Retry shortly.');
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, 500, 'INTERNAL', 'Something went wrong on our side. The request id identifies it in our logs.');
  });
}

/**
 * Prisma's codes for the same: the server unreachable or gone (P1001, P1017), an operation timed out
 * (P1008), no pooled connection in time (P2024), and an interactive transaction that could not
 * start or ran past its timeout because it waited for the database (P2028): under overload all
 * are the pool's doing, not the request's.
 */
const PRISMA_UNAVAILABLE = ['P1001', 'P1008', 'P1017', 'P2024', 'P2028'];

/** A connection to Postgres could not be had (pool timeout, refused, reset), as opposed to a bug. */
function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  if (code && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '53300', ...PRISMA_UNAVAILABLE].includes(code)) return true;
  return typeof message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect)/.test(message);
}

/** Fastify's `frameworkErrors` option: URLs the router cannot decode, and the like. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendProblem(request, reply, 400, 'MALFORMED_REQUEST', error.message);
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
