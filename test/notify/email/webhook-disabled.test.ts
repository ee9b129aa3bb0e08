// The email that tells a player their webhook was switched off for failing.

import { describe, expect, it } from 'vitest';
import { renderWebhookDisabledEmail, type WebhookDisabledInput } from '../../../src/delivery/email/webhook-disabled.ts';

const input = (webhook: Partial<WebhookDisabledInput['webhook']> = {}): WebhookDisabledInput => ({
  handle: 'Slaine',
  timeZone: 'America/New_York',
  webhook: {
    id: '5b0c3c0e-8f7a-4d5e-9a53-2f7f0c1e9b10',
    url: 'https://hooks.example.org/helter',
    failingSince: '2026-03-03T19:30:00.000Z',
    failures: 33,
    lastError: 'HTTP 500.',
    ...webhook,
  },
  publicUrl: 'https://play.example.org',
});

describe('the webhook-disabled email', () => {
  it('names the URL, since when it failed, the last error, how to switch it on and where the log is', () => {
    const email = renderWebhookDisabledEmail(input());
    expect(email.subject).toBe('Your webhook to https://hooks.example.org/helter was switched off');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Hello Slaine,');
      expect(part).toContain('https://hooks.example.org/helter');
      expect(part).toContain('since Tuesday, 3 March 2026 at 14:30 GMT-5 (America/New_York) (33 attempts in a row)');
      expect(part).toContain('The last attempt: HTTP 500.');
      expect(part).toContain('POST https://play.example.org/v1/webhooks/5b0c3c0e-8f7a-4d5e-9a53-2f7f0c1e9b10/enable');
      expect(part).toContain('https://play.example.org/v1/webhooks/5b0c3c0e-8f7a-4d5e-9a53-2f7f0c1e9b10/deliveries');
    }
    // About the player's own account: no unsubscribe, no out-of-office replies.
    expect(email.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
  });

  it('keeps the URL and the error (not ours) to one line, escaped in the HTML', () => {
    const email = renderWebhookDisabledEmail(input({ url: 'https://x.example/<b>\r\nBcc: a@b', lastError: 'HTTP 302: redirect to <script>alert(1)</script> not followed.' }));
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.text).toContain('https://x.example/<b> Bcc: a@b');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('https://x.example/&lt;b&gt; Bcc: a@b');
  });

  it('cuts a very long URL in the subject and a very long error in the body', () => {
    const email = renderWebhookDisabledEmail(input({ url: `https://hooks.example.org/${'a'.repeat(300)}`, lastError: 'e'.repeat(2000) }));
    expect(email.subject.length).toBeLessThan(130);
    expect(email.subject).toContain('…');
    expect(email.text).not.toContain('e'.repeat(501));
  });
});
