// Refusals as kinds, for every layer below HTTP: the service, authentication and notifications
// throw a `Refusal`; src/api/problems.ts maps its kind to a status (404, 403, 409, 422 …), once.
// The layers that refuse know no HTTP; the API knows no rules.

/**
 * `limited`: the caller holds as much of a resource as one account may, or must wait (429; an
 * `extensions.retryAfterSeconds` becomes the retry-after header). `unauthenticated`: no caller, or
 * not a usable token or password (401). `gone`: it existed and can no longer be used (a revoked or
 * expired invitation, 410).
 */
export type RefusalKind = 'not-found' | 'gone' | 'forbidden' | 'conflict' | 'rule' | 'invalid' | 'limited' | 'unauthenticated';

export class Refusal extends Error {
  override name = 'Refusal';
  readonly kind: RefusalKind;
  readonly code: string;
  readonly extensions: Record<string, unknown>;

  constructor(
    kind: RefusalKind,
    code: string,
    message: string,
    extensions: Record<string, unknown> = {},
  ) {
    super(message);
    this.kind = kind;
    this.code = code;
    this.extensions = extensions;
  }
}

export const notFound = (what: string) => new Refusal('not-found', 'NOT_FOUND', `${what} does not exist.`);
