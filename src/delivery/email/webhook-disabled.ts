// The email that tells a player their webhook was switched off for failing: which one, failing
// since when, what the last attempt met, and how to switch it on again once the receiver is fixed.
// A message about the player's own account, like the verification email: no unsubscribe link.
// The URL and the error are not ours (the player typed one, a receiver answered the other), so
// both are kept to one line and escaped in the HTML part.

import { formatDeadline } from './deadline.ts';
import { escapeHtml, htmlEmail, oneLine, type RenderedEmail } from './render.ts';
import { PRODUCT_NAME } from '../../config/product.ts';

export interface WebhookDisabledInput {
  handle: string;
  /** The player's IANA zone, for the time the failures began. */
  timeZone: string;
  webhook: {
    id: string;
    url: string;
    /** ISO 8601. */
    failingSince: string;
    failures: number;
    lastError: string;
  };
  /** The service's public URL, without a trailing slash. */
  publicUrl: string;
  serviceName?: string;
}

const MAX_URL_IN_SUBJECT = 80;
const MAX_ERROR = 500;

export function renderWebhookDisabledEmail(input: WebhookDisabledInput): RenderedEmail {
  const service = oneLine(input.serviceName ?? PRODUCT_NAME);
  const url = oneLine(input.webhook.url);
  const error = cut(oneLine(input.webhook.lastError), MAX_ERROR);
  const since = formatDeadline(input.webhook.failingSince, input.timeZone);
  const enable = `POST ${input.publicUrl}/v1/webhooks/${input.webhook.id}/enable`;
  const deliveries = `${input.publicUrl}/v1/webhooks/${input.webhook.id}/deliveries`;
  const subject = `Your webhook to ${cut(url, MAX_URL_IN_SUBJECT)} was switched off`;
  const facts = [
    `Every delivery to it has failed since ${since} (${input.webhook.failures} attempts in a row), so ${service} has stopped sending to it.`,
    `The last attempt: ${error}`,
  ];

  const text = [
    `Hello ${oneLine(input.handle)},`,
    '',
    `Your webhook ${input.webhook.id} was switched off:`,
    url,
    '',
    ...facts,
    '',
    'Once the receiver answers again, switch the webhook back on (with your token):',
    enable,
    '',
    `Every attempt, with the status and the first bytes of each answer, is in the delivery log: ${deliveries}`,
    '',
    `You receive this because you own this webhook on ${service}; DELETE /v1/webhooks/${input.webhook.id} removes it.`,
    '',
  ].join('\n');

  const html = htmlEmail(
    subject,
    oneLine(input.handle),
    `<p>Your webhook <code>${escapeHtml(input.webhook.id)}</code> was switched off:<br>
<code>${escapeHtml(url)}</code></p>
<p>${facts.map(escapeHtml).join('<br>\n')}</p>
<p>Once the receiver answers again, switch the webhook back on (with your token):<br>
<code>${escapeHtml(enable)}</code></p>
<p>Every attempt, with the status and the first bytes of each answer, is in the <a href="${escapeHtml(deliveries)}">delivery log</a>.</p>
<hr>
<p style="font-size: small; color: #555;">You receive this because you own this webhook on ${escapeHtml(service)}; <code>DELETE /v1/webhooks/${escapeHtml(input.webhook.id)}</code> removes it.</p>`,
  );
  return { subject, text, html, headers: { 'Auto-Submitted': 'auto-generated' } };
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
