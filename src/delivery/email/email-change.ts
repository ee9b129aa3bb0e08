// The two emails of an address change (POST /v1/me/email): the link to the new address, which
// becomes the account's only when it is opened, and, once it is, a word to the old address, so
// that an owner whose session was stolen learns of it.

import { PRODUCT_NAME } from '../../config/product.ts';
import { escapeHtml, htmlEmail, oneLine, type RenderedEmail } from './render.ts';

export function renderEmailChangeEmail(input: { handle: string; confirmUrl: string; serviceName?: string }): RenderedEmail {
  const service = oneLine(input.serviceName ?? PRODUCT_NAME);
  const handle = oneLine(input.handle);
  const subject = `Confirm your new email address for ${service}`;
  const note = 'The link works once, for 24 hours. Until it is opened your old address stays. If you did not ask for this, ignore this email.';
  const text = [`Hello ${handle},`, '', `Open this link to make this address the one of your account "${handle}":`, input.confirmUrl, '', note, ''].join('\n');
  const html = htmlEmail(
    subject,
    handle,
    `<p>Make this address the one of your account “${escapeHtml(handle)}”.</p>
<p><a href="${escapeHtml(input.confirmUrl)}">Confirm my new address</a></p>
<p style="font-size: small; color: #555;">${escapeHtml(note)}</p>`,
  );
  return { subject, text, html, headers: { 'Auto-Submitted': 'auto-generated' } };
}

export function renderEmailChangedEmail(input: { handle: string; publicUrl: string; serviceName?: string }): RenderedEmail {
  const service = oneLine(input.serviceName ?? PRODUCT_NAME);
  const handle = oneLine(input.handle);
  const subject = `Your ${service} email address was changed`;
  const lines = [
    `The email address of your account "${handle}" was changed: emails of ${service} no longer come here.`,
    `If it was not you, someone else used your account: log in at ${input.publicUrl} and change your password, or ask the operator of ${service} for help.`,
  ];
  const text = [`Hello ${handle},`, '', ...lines.flatMap((line) => [line, ''])].join('\n');
  const html = htmlEmail(subject, handle, lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'));
  return { subject, text, html, headers: { 'Auto-Submitted': 'auto-generated' } };
}
