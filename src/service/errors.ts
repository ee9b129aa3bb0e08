// Refusals the service gives, as kinds the HTTP layer maps to statuses (404, 403, 409, 422 …).
// The service knows no HTTP; the API knows no rules.

/** `limited`: the caller holds as much of a resource as one account may (429). */
export type RefusalKind = 'not-found' | 'forbidden' | 'conflict' | 'rule' | 'invalid' | 'limited';

export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    readonly kind: RefusalKind,
    readonly code: string,
    message: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new Refusal('not-found', 'NOT_FOUND', `${what} does not exist.`);
