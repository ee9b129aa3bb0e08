// Passwords: forgot it (a reset link by email), reset it with that link, change it with the
// current one. The use cases: src/auth/password-changes.ts (the new password, sessions) and the
// email channel (src/delivery/email/dispatch.ts: the reset email, sent from a job).
//
// Asking for a reset answers 202 and the same bytes whether or not an account holds the address,
// and does the same work either way (one queued job), so its time tells nothing either:
// docs/security.md gives the measurement.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import { normalizeEmail } from '../auth/accounts.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/passwords.ts';
import { loginRateLimit, type RateLimits } from '../auth/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import type { EmailChannel } from '../delivery/email/dispatch.ts';
import { ProblemError } from './problems.ts';
import { bearerOnly, problems } from './schemas.ts';

const newPassword = {
  type: 'string',
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not easy to guess (as at registration).`,
} as const;

const WEAK = 'The password is too easy to guess (`WEAK_PASSWORD`).';
const NO_EMAIL = 'This server sends no email (`EMAIL_DISABLED`).';
const RESET_ACCEPTED = 'If an account has this address, a link to choose a new password is on its way to it. The link works once, for 30 minutes.';

export const passwordRoutes = fp(routes, { name: 'password-routes', dependencies: ['problems', 'auth'], encapsulate: true });

export interface PasswordRoutesOptions {
  auth: AuthService;
  limits: RateLimits;
  email: Pick<EmailChannel, 'requestPasswordReset'> | null;
}

async function routes(app: FastifyInstance, { auth, limits, email }: PasswordRoutesOptions): Promise<void> {
  app.post<{ Body: { email: string } }>(
    '/v1/password-resets',
    {
      config: loginRateLimit(limits, 'password-reset'),
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['accounts'],
        summary: 'Forgot your password: email a reset link',
        description:
          'Emails a link to choose a new password to the account that holds the address (the one that verified it, else the first registered with it). The answer is the same, byte for byte and in time, whether or not an account holds it. The link works once, for 30 minutes; an account gets at most 3 such emails an hour. Requests are limited per address like log-ins (`LOGIN_RATE_LIMIT_PER_MINUTE`; 429 `RATE_LIMITED`).',
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: { email: { type: 'string', format: 'email', maxLength: 254 } },
          examples: [{ email: 'dredd@example.com' }],
        },
        response: {
          202: { description: 'Sent, if an account holds the address.', type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
          ...problems({ 400: true, 429: true, 503: NO_EMAIL }),
        },
      },
    },
    async (request, reply) => {
      if (!email) throw new ProblemError(503, 'EMAIL_DISABLED', 'This server sends no email.');
      await email.requestPasswordReset(normalizeEmail(request.body.email));
      reply.code(202);
      return { detail: RESET_ACCEPTED };
    },
  );

  // The token travels in the body, never in a URL: no request log, proxy log or Referer carries a
  // link that still works (the log redacts the links' query strings, src/config/logger.ts).
  app.post<{ Body: { token: string; password: string } }>(
    '/v1/password-resets/confirm',
    {
      config: loginRateLimit(limits, 'password-reset'),
      schema: {
        operationId: 'resetPassword',
        tags: ['accounts'],
        summary: 'Choose a new password with the emailed link',
        description:
          'Sets the password of the link’s account and logs out every session of it, on every device (personal access tokens stay). Log in with the new password. A link works once, for 30 minutes; an unknown, used or expired link gets one answer (404 `RESET_LINK_INVALID`).',
        body: {
          type: 'object',
          required: ['token', 'password'],
          additionalProperties: false,
          properties: { token: { type: 'string', minLength: 1, maxLength: 200, description: 'The `token` of the link in the email.' }, password: newPassword },
        },
        response: {
          204: { description: 'The password is changed; every session is logged out.', type: 'null' },
          ...problems({ 400: true, 404: 'The link is unknown, used or expired (`RESET_LINK_INVALID`).', 422: WEAK, 429: true }),
        },
      },
    },
    async (request, reply) => {
      await auth.passwords.reset(request.body.token, request.body.password);
      return reply.code(204).send();
    },
  );

  app.put<{ Body: { current: string; password: string } }>(
    '/v1/me/password',
    {
      config: loginRateLimit(limits, 'password-change'),
      schema: {
        operationId: 'changePassword',
        tags: ['accounts'],
        summary: 'Change your password',
        description:
          'With your current password. Every session of your account is logged out, this one included, and the answer carries a new session token for you: use it from now on. Personal access tokens stay. A session token only (403 `SESSION_REQUIRED`).',
        security: bearerOnly,
        body: {
          type: 'object',
          required: ['current', 'password'],
          additionalProperties: false,
          properties: { current: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH, description: 'Your password now.' }, password: newPassword },
        },
        response: {
          200: {
            description: 'Changed: your new session token.',
            type: 'object',
            required: ['token', 'expiresAt'],
            properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
          },
          ...problems({ 400: true, 401: true, 403: 'The current password is wrong (`WRONG_PASSWORD`), or a personal access token was sent (`SESSION_REQUIRED`).', 422: WEAK, 429: true }),
        },
      },
    },
    async (request) => {
      const session = await auth.changePassword(requireCaller(request), request.body.current, request.body.password);
      return { token: session.token, expiresAt: session.expiresAt };
    },
  );
}
