// The email that proves an address is the player's: nothing else is sent to an address until
// its link has been opened.

import { escapeHtml, htmlEmail, type RenderedEmail } from './render.ts';
import { PRODUCT_NAME } from '../../config/product.ts';

export function renderVerificationEmail(input: { handle: string; verifyUrl: string; serviceName?: string }): RenderedEmail {
  const service = input.serviceName ?? PRODUCT_NAME;
  const subject = `Confirm your email address for ${service}`;
  const text = [
    `Hello ${input.handle},`,
    '',
    `Open this link to confirm that this address is yours; ${service} sends no notification to it until you do:`,
    input.verifyUrl,
    '',
    'The link works for 48 hours. If you did not register, ignore this email.',
    '',
  ].join('\n');
  const html = htmlEmail(
    subject,
    input.handle,
    `<p>Confirm that this address is yours; ${escapeHtml(service)} sends no notification to it until you do.</p>
<p><a href="${escapeHtml(input.verifyUrl)}">Confirm my address</a></p>
<p style="font-size: small; color: #555;">The link works for 48 hours. If you did not register, ignore this email.</p>`,
  );
  return { subject, text, html, headers: { 'Auto-Submitted': 'auto-generated' } };
}
