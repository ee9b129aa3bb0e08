// The email with a password-reset link (POST /v1/password-resets). Sent only to an address an
// account holds; an unknown address gets nothing, and the answer to the request says nothing
// either way (src/api/passwords.ts).

import { PRODUCT_NAME } from '../../config/product.ts';
import { escapeHtml, htmlEmail, oneLine, type RenderedEmail } from './render.ts';

export function renderPasswordResetEmail(input: { handle: string; resetUrl: string; minutes: number; serviceName?: string }): RenderedEmail {
  const service = oneLine(input.serviceName ?? PRODUCT_NAME);
  const handle = oneLine(input.handle);
  const subject = `Reset your ${service} password`;
  const note = `The link works once, for ${input.minutes} minutes. Setting a new password logs out every device. If you did not ask for it, ignore this email: your password stays as it is.`;
  const text = [`Hello ${handle},`, '', `Open this link to choose a new password for your account "${handle}":`, input.resetUrl, '', note, ''].join('\n');
  const html = htmlEmail(
    subject,
    handle,
    `<p>Choose a new password for your account “${escapeHtml(handle)}”.</p>
<p><a href="${escapeHtml(input.resetUrl)}">Choose a new password</a></p>
<p style="font-size: small; color: #555;">${escapeHtml(note)}</p>`,
  );
  return { subject, text, html, headers: { 'Auto-Submitted': 'auto-generated' } };
}
