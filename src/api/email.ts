// Email: verify your address (the link from the verification email, or ask for a new one), your
// notification settings, and unsubscribe (RFC 8058 one-click: the link from any notification,
// no log-in, the token is the permission).

import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import type { EmailChannel } from '../delivery/email/dispatch.ts';
import { escapeHtml } from '../delivery/email/render.ts';
import type { EmailLinks } from '../notify/email/links.ts';
import type { EmailSettings, EmailSettingsBook } from '../notify/email/settings.ts';
import { ProblemError } from './problems.ts';
import { bearerOnly, json, problems } from './schemas.ts';

const tokenQuery = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 200, description: 'The token from the link in the email.' } },
} as const;

const NO_EMAIL = 'This server sends no email (`EMAIL_DISABLED`).';

const UNKNOWN_LINK = 'The link is unknown (`UNKNOWN_LINK`).';
const unknownLink = () => new ProblemError(404, 'UNKNOWN_LINK', 'This unsubscribe link is unknown.');

const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

const minutes = (description: string, minimum: number) => ({ type: 'number', minimum, maximum: 10_080, description }) as const;

const settingsProperties = {
  email: {
    type: 'string',
    enum: ['off', 'every', 'digest'],
    description: '`every` notification its own email; a `digest` per game, at most one every `digestMinutes`; or `off`. `every` by default, once your address is verified.',
  },
  digestMinutes: { ...minutes('How long a digest collects news of a game before it is sent (60 by default). Fractions allowed.', 0.001) },
  quietMinutes: { ...minutes('No email about a game you sent a command to in the last this many minutes: you are playing it (5 by default; 0: always email).', 0) },
  reminderMinutes: {
    type: ['number', 'null'],
    exclusiveMinimum: 0,
    maximum: 10_080,
    description: 'An email this many minutes before a deadline you have not acted on; null: no reminders (the default).',
  },
} as const;

const notificationSettingsSchema = {
  $id: 'NotificationSettings',
  type: 'object',
  required: ['email', 'emailAddress', 'emailVerified', 'digestMinutes', 'quietMinutes', 'reminderMinutes'],
  properties: {
    ...settingsProperties,
    emailAddress: { type: 'string', description: 'Where emails go.' },
    emailVerified: { type: 'boolean', description: 'Nothing is sent to an address until it is verified (`POST /v1/me/email/verification`).' },
  },
} as const;

const settingsChange = {
  type: 'object',
  description: 'What to change; what you leave out stays as it is.',
  propertyNames: { enum: Object.keys(settingsProperties) },
  minProperties: 1,
  properties: settingsProperties,
  examples: [{ email: 'digest', digestMinutes: 120 }, { email: 'off' }, { reminderMinutes: 60 }],
} as const;

export const emailRoutes = fp(routes, { name: 'email-routes', dependencies: ['problems', 'auth'], encapsulate: true });

/** The web client's page a browser opening the verification link is sent to, when the service serves the client. */
export const VERIFIED_PAGE = '/email-verified';

async function routes(
  app: FastifyInstance,
  {
    channel,
    links,
    settings: book,
    webClient = false,
  }: { channel: EmailChannel | null; links: EmailLinks; settings: EmailSettingsBook; /** Whether this service serves the web client (src/api/web-client.ts). */ webClient?: boolean },
): Promise<void> {
  app.addSchema(notificationSettingsSchema);
  // Mail clients send the one-click unsubscribe as a form (RFC 8058).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // A server that sends no email answers 503 on every email route: it sent no link to open.
  const mail = (): EmailChannel => {
    if (!channel) throw new ProblemError(503, 'EMAIL_DISABLED', 'This server sends no email.');
    return channel;
  };

  const settingsOf = async (accountId: string) => {
    const settings = await book.read(accountId);
    if (!settings) throw new ProblemError(404, 'NOT_FOUND', 'Your account no longer exists.');
    return settings;
  };

  app.get<{ Querystring: { token: string } }>(
    '/v1/email/verify',
    {
      schema: {
        operationId: 'verifyEmail',
        tags: ['email'],
        summary: 'Verify your address (the link in the email)',
        description: `Opened from the verification email: marks the address the link was sent to as verified, if it is still the account’s. Answers a small HTML page; or, to a browser (a request whose \`Accept\` names \`text/html\`) when this service serves the web client, a 303 to the client's page \`${VERIFIED_PAGE}\`, which says the same in the app's style with a way into it (\`?problem=INVALID_LINK\` when the link did not work).`,
        security: [{}],
        querystring: tokenQuery,
        response: {
          200: htmlPage('The address is verified.'),
          303: {
            type: 'null',
            description: `A browser is sent to the web client's page \`${VERIFIED_PAGE}\` (\`?problem=INVALID_LINK\` when the link did not work).`,
            headers: { location: { type: 'string', description: 'The page.' } },
          },
          ...problems({ 400: 'The link is unknown, used, expired, or for an address the account no longer has (`INVALID_LINK`).', 503: NO_EMAIL }),
        },
      },
    },
    async (request, reply) => {
      mail();
      const outcome = await links.verify(request.query.token);
      // A person who clicked the link gets the app's own page, with the way back in.
      if (webClient && (request.headers.accept ?? '').includes('text/html')) {
        return reply.redirect(outcome === 'verified' ? VERIFIED_PAGE : `${VERIFIED_PAGE}?problem=INVALID_LINK`, 303);
      }
      if (outcome === 'verified') return page(reply, 200, 'Address verified', 'Your email address is verified: you will be told by email when a game awaits you.');
      throw new ProblemError(400, 'INVALID_LINK', 'This link is unknown, used, or expired. Log in and ask for a new one (POST /v1/me/email/verification).');
    },
  );

  app.post(
    '/v1/me/email/verification',
    {
      schema: {
        operationId: 'requestEmailVerification',
        tags: ['email'],
        summary: 'Send the verification email again',
        description: 'Sends a new verification link to your address. Older links keep working until they expire.',
        security: bearerOnly,
        response: {
          202: { description: 'The email is on its way.', type: 'object', required: ['emailAddress'], properties: { emailAddress: { type: 'string' } } },
          ...problems({ 401: true, 409: 'Your address is verified already (`EMAIL_ALREADY_VERIFIED`).', 429: true, 503: NO_EMAIL }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const channel = mail();
      const settings = await settingsOf(caller.accountId);
      if (settings.emailVerified) throw new ProblemError(409, 'EMAIL_ALREADY_VERIFIED', 'Your email address is verified already.');
      await channel.requestVerification(caller.accountId);
      reply.code(202);
      return { emailAddress: settings.emailAddress };
    },
  );

  app.get(
    '/v1/me/notifications',
    {
      schema: {
        operationId: 'getNotificationSettings',
        tags: ['email'],
        summary: 'Your notification settings',
        description: 'How and when you are emailed when a game awaits you or ends.',
        security: bearerOnly,
        response: { 200: json('Your settings.', 'NotificationSettings#'), ...problems({ 401: true, 429: true }) },
      },
    },
    async (request) => settingsOf(requireCaller(request).accountId),
  );

  app.put<{ Body: Partial<EmailSettings> }>(
    '/v1/me/notifications',
    {
      schema: {
        operationId: 'updateNotificationSettings',
        tags: ['email'],
        summary: 'Change your notification settings',
        description: 'Merges the change into your settings. Emails already queued follow the new choice when they are sent (`off` stops them).',
        security: bearerOnly,
        body: settingsChange,
        response: { 200: json('Your settings after the change.', 'NotificationSettings#'), ...problems({ 400: true, 401: true, 429: true }) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      await book.update(caller.accountId, request.body);
      return settingsOf(caller.accountId);
    },
  );

  app.get<{ Querystring: { token: string } }>(
    '/v1/email/unsubscribe',
    {
      schema: {
        operationId: 'showUnsubscribe',
        tags: ['email'],
        summary: 'Unsubscribe page (the link in every email)',
        description: 'A small HTML page with one button that unsubscribes (a POST to the same URL). Opening it changes nothing: mail scanners open links.',
        security: [{}],
        querystring: tokenQuery,
        response: { 200: htmlPage('The page with the button.'), ...problems({ 400: true, 404: UNKNOWN_LINK, 503: NO_EMAIL }) },
      },
    },
    async (request, reply) => {
      mail();
      const owner = await links.unsubscriber(request.query.token);
      if (!owner) throw unknownLink();
      const action = `/v1/email/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return page(
        reply,
        200,
        'Unsubscribe',
        `Stop all notification emails to ${owner.email}?`,
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  app.post<{ Querystring: { token: string }; Body: Record<string, string> | undefined }>(
    '/v1/email/unsubscribe',
    {
      schema: {
        operationId: 'unsubscribe',
        tags: ['email'],
        summary: 'Unsubscribe (one-click, RFC 8058)',
        description:
          'Turns notification email off for the account the token was sent to (`email: off` in `/v1/me/notifications`). Mail clients POST `List-Unsubscribe=One-Click` as a form, as the `List-Unsubscribe-Post` header of every email says; no log-in: the token is the permission.',
        security: [{}],
        querystring: tokenQuery,
        consumes: ['application/x-www-form-urlencoded'],
        body: {
          type: 'object',
          properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } },
        },
        response: { 200: htmlPage('Unsubscribed.'), ...problems({ 400: true, 404: UNKNOWN_LINK, 503: NO_EMAIL }) },
      },
    },
    async (request, reply) => {
      mail();
      if (!(await links.unsubscribe(request.query.token))) throw unknownLink();
      return page(reply, 200, 'Unsubscribed', 'You will receive no more notification emails. Turn them on again in your notification settings.');
    },
  );
}

function page(reply: FastifyReply, status: number, title: string, message: string, extra = ''): string {
  reply.code(status).type('text/html; charset=utf-8');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5;"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${extra}</body></html>
`;
}
