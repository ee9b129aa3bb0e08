// Accounts: register, log in (a session token), your own account, and the public keys that
// verify every token this service issues.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/passwords.ts';
import { loginRateLimit, type RateLimits } from '../auth/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import type { EmailChannel } from '../delivery/email/dispatch.ts';
import { escapeHtml } from '../delivery/email/render.ts';
import { normalizeEmail } from '../auth/accounts.ts';
import { ProblemError, problemResponses } from './problems.ts';
import { bearerOnly, problems } from './schemas.ts';

const handle = {
  type: 'string',
  minLength: 3,
  maxLength: 32,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'Your name in games: 3 to 32 letters, digits, `_` or `-`. Unique whatever the case.',
} as const;

const accountSchema = {
  $id: 'Account',
  type: 'object',
  required: ['id', 'handle', 'email', 'emailVerified', 'createdAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    handle: { type: 'string' },
    email: { type: 'string', format: 'email', description: 'Lower-cased.' },
    emailVerified: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

const sessionProperties = {
  token: { type: 'string', description: 'A session token: send it as `Authorization: Bearer <token>`.' },
  expiresAt: { type: 'string', format: 'date-time', description: 'When the token stops working; log in again then.' },
} as const;

const publishedKey = {
  type: 'object',
  required: ['kty', 'crv', 'x', 'kid', 'alg', 'use'],
  properties: {
    kty: { type: 'string', enum: ['OKP'] },
    crv: { type: 'string', enum: ['Ed25519'] },
    x: { type: 'string', description: 'The public key, base64url.' },
    kid: { type: 'string', description: 'Matches the `kid` in the header of the tokens it signed.' },
    alg: { type: 'string', enum: ['EdDSA'] },
    use: { type: 'string', enum: ['sig'] },
  },
} as const;

export const accountRoutes = fp(routes, { name: 'account-routes', dependencies: ['problems', 'auth'], encapsulate: true });

export interface AccountRoutesOptions {
  auth: AuthService;
  limits: RateLimits;
  /** Where a registration's email goes (verification, or a word to the address's owner); null: the server sends no email. */
  email: Pick<EmailChannel, 'requestVerification' | 'tellOwnerOfRegistrationAttempt' | 'requestEmailChange' | 'tellOldAddress' | 'links'> | null;
  /** Everything an account holds, as JSON (src/store/accounts.ts). */
  exports: { exportOf(accountId: string): Promise<Record<string, unknown> | undefined> };
}

async function routes(app: FastifyInstance, { auth, limits, email, exports }: AccountRoutesOptions): Promise<void> {
  app.addSchema(accountSchema);

  app.post<{ Body: { handle: string; email: string; password: string } }>(
    '/v1/accounts',
    {
      schema: {
        operationId: 'createAccount',
        tags: ['accounts'],
        summary: 'Register',
        description:
          'Creates an account and logs it in: the answer carries a session token, and a link to verify your email address is sent to it (no notification is emailed before). Passwords are stored as scrypt hashes. A password has 8 to 200 characters and no rules about which; one that is easy to guess (a common or breached password, a word with a digit, a keyboard row, your handle or email) is refused (422 `WEAK_PASSWORD`, with a sentence saying why). Handles are public and unique: a taken one is refused (409 `HANDLE_TAKEN`). Email addresses are private: the answer is the same whether or not another account holds the address. An address belongs to the account that verifies it; if a verified account holds it, its owner is told of the attempt and no verification link is sent, so the new account cannot verify that address.',
        body: {
          type: 'object',
          required: ['handle', 'email', 'password'],
          additionalProperties: false,
          properties: {
            handle,
            email: { type: 'string', format: 'email', maxLength: 254 },
            password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.` },
          },
          examples: [{ handle: 'dredd', email: 'dredd@example.com', password: 'correct horse battery staple' }],
        },
        response: {
          201: {
            description: 'The account, and a session token for it.',
            type: 'object',
            required: ['account', 'token', 'expiresAt'],
            properties: { account: { $ref: 'Account#' }, ...sessionProperties },
          },
          ...problems({
            400: true,
            401: true,
            409: 'The handle is taken, in any case (`HANDLE_TAKEN`).',
            422: 'The password is too easy to guess: a common password, a pattern, your handle or your email (`WEAK_PASSWORD`).',
            429: true,
          }),
        },
      },
    },
    async (request, reply) => {
      const { account, session, addressOwner } = await auth.register(request.body);
      // Either way one job is queued and the answer is the same: it must not tell whether the
      // address is taken. An owned address gets a word to its owner, never a verification link.
      if (addressOwner) await email?.tellOwnerOfRegistrationAttempt(addressOwner);
      // No notification reaches an address before its owner opens the link this sends.
      else await email?.requestVerification(account.id);
      reply.code(201);
      return { account: present(account), token: session.token, expiresAt: session.expiresAt };
    },
  );

  app.post<{ Body: { handle?: string; email?: string; password: string } }>(
    '/v1/sessions',
    {
      config: loginRateLimit(limits),
      schema: {
        operationId: 'createSession',
        tags: ['accounts'],
        summary: 'Log in',
        description:
          'Exchanges a handle (any case) or an email, and the password, for a session token. A wrong password and an unknown account get the same answer: 401 `INVALID_CREDENTIALS`. Failed log-ins are counted per handle or email, known or not: after `LOGIN_FAILURES_BEFORE_DELAY` in a row each attempt must wait (429 `LOGIN_THROTTLED`), after `LOGIN_FAILURES_BEFORE_LOCK` the handle or email is locked for `LOGIN_LOCK_MINUTES` (429 `LOGIN_LOCKED`); both say when in `retry-after`, and a successful log-in starts the count again.',
        body: {
          type: 'object',
          required: ['password'],
          additionalProperties: false,
          properties: {
            handle: { type: 'string', minLength: 1, maxLength: 32, description: 'Your handle; or send `email`.' },
            email: { type: 'string', minLength: 1, maxLength: 254, description: 'Your email address; or send `handle`.' },
            password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH },
          },
          oneOf: [{ required: ['handle'] }, { required: ['email'] }],
          examples: [
            { handle: 'dredd', password: 'correct horse battery staple' },
            { email: 'dredd@example.com', password: 'correct horse battery staple' },
          ],
        },
        response: {
          200: {
            description: 'A session token.',
            type: 'object',
            required: ['token', 'expiresAt'],
            properties: sessionProperties,
          },
          ...problems({
            400: true,
            401: 'No account matches this handle or email and password (`INVALID_CREDENTIALS`), or the token sent is unusable (`INVALID_TOKEN`).',
            429: 'Too many attempts: from your address (`RATE_LIMITED`), or failed ones with this handle or email from your address (`LOGIN_THROTTLED`: wait; `LOGIN_LOCKED`: locked for minutes, it ends by itself; log-in from another address is not refused). `retry-after` says when to try again.',
          }),
        },
      },
    },
    async (request) => {
      const { password, ...login } = request.body;
      const session = await auth.logIn(login, password, request.ip);
      return { token: session.token, expiresAt: session.expiresAt };
    },
  );

  app.get(
    '/v1/me',
    {
      schema: {
        operationId: 'getMe',
        tags: ['accounts'],
        summary: 'Your account',
        description: 'The account of the token you send (a session token or a personal access token).',
        security: [{ bearer: [] }],
        response: { 200: { description: 'Your account.', $ref: 'Account#' }, ...problemResponses(401, 429) },
      },
    },
    async (request) => present(await auth.me(requireCaller(request))),
  );

  app.get(
    '/v1/me/export',
    {
      config: loginRateLimit(limits, 'export'),
      schema: {
        operationId: 'exportMyData',
        tags: ['accounts'],
        summary: 'Export your data (JSON)',
        description:
          'Everything your account holds, as one JSON document to keep: the account and its preferences, personal access tokens (names and dates, never the tokens), the seats you hold and the games they are in, every command you sent, your chat messages and mutes, and your webhooks (never their secrets). A session token only (403 `SESSION_REQUIRED`). Served as an attachment.',
        security: bearerOnly,
        response: {
          200: {
            description: 'Your data.',
            type: 'object',
            additionalProperties: true,
            required: ['account', 'accessTokens', 'seats', 'commands', 'chatMessages', 'chatMutes', 'webhooks'],
            properties: {
              exportedAt: { type: 'string', format: 'date-time' },
              account: { type: 'object', additionalProperties: true, description: 'The account and its preferences.' },
              accessTokens: { type: 'array', items: {}, description: 'Personal access tokens: names and dates, never the tokens.' },
              seats: { type: 'array', items: {}, description: 'The seats you hold and the games they are in.' },
              commands: { type: 'array', items: {}, description: 'Every command you sent.' },
              chatMessages: { type: 'array', items: {}, description: 'Your table chat messages.' },
              chatMutes: { type: 'array', items: {}, description: 'The players you muted.' },
              webhooks: { type: 'array', items: {}, description: 'Your webhooks, never their secrets.' },
            },
          },
          ...problems({ 401: true, 403: 'A personal access token was sent (`SESSION_REQUIRED`).', 429: true }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      if (caller.tokenKind !== 'session') throw new ProblemError(403, 'SESSION_REQUIRED', 'Export your data with a session token (POST /v1/sessions), not with a personal access token.');
      const data = await exports.exportOf(caller.accountId);
      if (!data) throw new ProblemError(401, 'INVALID_TOKEN', 'The token’s account does not exist.');
      reply.header('content-disposition', `attachment; filename="${caller.handle}-export.json"`);
      return { exportedAt: new Date().toISOString(), ...data };
    },
  );

  const mail = () => {
    if (!email) throw new ProblemError(503, 'EMAIL_DISABLED', 'This server sends no email.');
    return email;
  };

  app.post<{ Body: { email: string; password: string } }>(
    '/v1/me/email',
    {
      config: loginRateLimit(limits, 'email-change'),
      schema: {
        operationId: 'changeEmail',
        tags: ['accounts'],
        summary: 'Change your email address',
        description:
          'Sends a link to the new address; it becomes your account’s, verified, only when that link is opened (`GET /v1/email/change`), and then your old address, if it was verified, is told. Until then everything goes to the old one. With your password, and a session token only (403 `WRONG_PASSWORD`, `SESSION_REQUIRED`). The answer is the same whether or not another account holds the address; an address another account verified can never become yours, and no link is sent to it.',
        security: bearerOnly,
        body: {
          type: 'object',
          required: ['email', 'password'],
          additionalProperties: false,
          properties: { email: { type: 'string', format: 'email', maxLength: 254, description: 'The new address.' }, password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH, description: 'Your password.' } },
        },
        response: {
          202: { description: 'The link is on its way to the new address.', type: 'object', required: ['emailAddress'], properties: { emailAddress: { type: 'string' } } },
          ...problems({ 400: true, 401: true, 403: 'The password is wrong (`WRONG_PASSWORD`), or a personal access token was sent (`SESSION_REQUIRED`).', 429: true, 503: 'This server sends no email (`EMAIL_DISABLED`).' }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const channel = mail();
      await auth.confirmPassword(caller, request.body.password);
      const address = normalizeEmail(request.body.email);
      await channel.requestEmailChange(caller.accountId, address);
      reply.code(202);
      return { emailAddress: address };
    },
  );

  app.get<{ Querystring: { token: string } }>(
    '/v1/email/change',
    {
      schema: {
        operationId: 'confirmEmailChange',
        tags: ['accounts'],
        summary: 'Confirm your new address (the link in the email)',
        description: 'Opened from the email sent to the new address: it becomes the account’s address, verified, and the old one is told. Works once, for 24 hours. Answers a small HTML page.',
        security: [{}],
        querystring: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 200, description: 'The token from the link in the email.' } } },
        response: {
          200: { description: 'The address is changed.', content: { 'text/html': { schema: { type: 'string' } } } },
          ...problems({ 400: 'The link is unknown, used or expired, or another account verified the address first (`INVALID_LINK`).', 503: 'This server sends no email (`EMAIL_DISABLED`).' }),
        },
      },
    },
    async (request, reply) => {
      const channel = mail();
      const changed = await channel.links.changeEmail(request.query.token);
      if (changed === 'invalid') throw new ProblemError(400, 'INVALID_LINK', 'This link is unknown, used or expired. Log in and ask again (POST /v1/me/email).');
      await channel.tellOldAddress(changed);
      reply.code(200).type('text/html; charset=utf-8');
      const title = 'Address changed';
      return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family: sans-serif; line-height: 1.5;"><h1>${title}</h1><p>${escapeHtml(`This address is now the one of your account “${changed.handle}”.`)}</p></body></html>
`;
    },
  );

  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        operationId: 'getJwks',
        tags: ['tokens'],
        summary: 'The keys that verify tokens (JWKS)',
        description:
          'Every public key whose tokens may still be valid: the active one and those retired by a key rotation whose tokens have not all expired. Tokens are JWTs signed with EdDSA (Ed25519); match a token’s header `kid`. Refetch on an unknown `kid`.',
        response: {
          200: {
            description: 'A JSON Web Key Set (RFC 7517).',
            type: 'object',
            required: ['keys'],
            properties: { keys: { type: 'array', items: publishedKey } },
          },
          ...problemResponses(401, 429),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { keys: await auth.keys.publishedKeys() };
    },
  );
}

function present(account: { id: string; handle: string; email: string; emailVerifiedAt: Date | null; createdAt: Date }) {
  return { id: account.id, handle: account.handle, email: account.email, emailVerified: account.emailVerifiedAt !== null, createdAt: account.createdAt };
}
