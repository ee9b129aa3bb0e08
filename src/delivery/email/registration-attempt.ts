// The email to an address's owner when someone registers another account with it. Registration
// answers the same whether an address is taken or not (src/auth/accounts.ts), so this is how the
// person who forgot they had an account learns it, and how an owner learns someone is using their
// address. It links nothing that acts: the new account cannot verify the address, and there is
// nothing to undo. About the account, like the verification email: no unsubscribe link.

import { escapeHtml, htmlEmail, oneLine, type RenderedEmail } from './render.ts';
import { PRODUCT_NAME } from '../../config/product.ts';

export interface RegistrationAttemptInput {
  /** The owner's handle (the account that verified the address). */
  handle: string;
  /** The service's public URL, without a trailing slash. */
  publicUrl: string;
  serviceName?: string;
}

export function renderRegistrationAttemptEmail(input: RegistrationAttemptInput): RenderedEmail {
  const service = oneLine(input.serviceName ?? PRODUCT_NAME);
  const handle = oneLine(input.handle);
  const subject = `Someone tried to register with your address at ${service}`;
  const lines = [
    `Someone registered a new ${service} account with this email address, which is already yours: your account is "${handle}".`,
    `If it was you, you need no second account: log in as ${handle} (POST ${input.publicUrl}/v1/sessions).`,
    'If it was not you, there is nothing to do: the new account cannot use this address, and no email of it is sent here.',
  ];
  const text = [`Hello ${handle},`, '', ...lines.flatMap((line) => [line, '']), 'You get at most one such email an hour.', ''].join('\n');
  const html = htmlEmail(
    subject,
    handle,
    `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="font-size: small; color: #555;">You get at most one such email an hour.</p>`,
  );
  return { subject, text, html, headers: { 'Auto-Submitted': 'auto-generated' } };
}
