// Our signatures, checked by a verifier we did not write (the standardwebhooks package), so a
// receiver following the Standard Webhooks spec accepts them — and refuses anything altered.

import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isSecret, newSecret, parseSecret, WebhookSecretError } from '../../../src/notify/webhooks/secrets.ts';
import { signatureHeaders } from '../../../src/delivery/webhooks/sign.ts';

const body = JSON.stringify({ type: 'seat.awaited', data: { summary: 'Seat 1 (Sláine) attacked Dredd with a SMASH.' } });

function signedNow(secrets: string[], text = body) {
  return signatureHeaders({ id: 'msg_2f1c', timestamp: new Date(), body: text, secrets });
}

describe('secrets', () => {
  it('a new secret is whsec_ and the base64 of 32 random bytes', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(parseSecret(secret)).toHaveLength(32);
    expect(newSecret()).not.toBe(secret);
  });

  it('a malformed secret is refused with a stable code', () => {
    const malformed = [
      '',
      'whsec_',
      Buffer.alloc(32).toString('base64'), // no prefix
      'whsec_' + Buffer.alloc(16).toString('base64'), // too short
      'whsec_' + Buffer.alloc(65).toString('base64'), // too long
      'whsec_' + Buffer.alloc(32).toString('base64').slice(0, -1) + '!', // not base64
      'whsec_' + Buffer.alloc(32).toString('base64url').replace(/=/g, ''), // base64url without padding
    ];
    for (const secret of malformed) {
      expect(isSecret(secret), secret).toBe(false);
      expect(() => parseSecret(secret)).toThrow(WebhookSecretError);
    }
    try {
      parseSecret('nope');
    } catch (error) {
      expect((error as WebhookSecretError).code).toBe('WEBHOOK_SECRET_INVALID');
    }
  });
});

describe('signatureHeaders', () => {
  it('a signature made with one secret is verified by standardwebhooks', () => {
    const secret = newSecret();
    const headers = signedNow([secret]);
    expect(headers['webhook-id']).toBe('msg_2f1c');
    expect(headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('the timestamp is whole unix seconds and the signature is the one the spec defines', () => {
    const secret = newSecret();
    const timestamp = new Date('2026-11-23T10:00:00.999Z');
    const headers = signatureHeaders({ id: 'msg_1', timestamp, body, secrets: [secret] });
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(timestamp.getTime() / 1000)));
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('msg_1', timestamp, body));
  });

  it('during a rotation both the current and the previous secret verify', () => {
    const current = newSecret();
    const previous = newSecret();
    const headers = signedNow([current, previous]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(previous).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
  });

  it('a tampered body is refused', () => {
    const secret = newSecret();
    const headers = signedNow([secret]);
    expect(() => new Webhook(secret).verify(body.replace('SMASH', 'SNIPE'), headers)).toThrow();
  });

  it('a tampered id is refused', () => {
    const secret = newSecret();
    const headers = { ...signedNow([secret]), 'webhook-id': 'msg_other' };
    expect(() => new Webhook(secret).verify(body, headers)).toThrow();
  });

  it('an old timestamp is refused even with a valid signature', () => {
    const secret = newSecret();
    const headers = signatureHeaders({ id: 'msg_old', timestamp: new Date(Date.now() - 60 * 60 * 1000), body, secrets: [secret] });
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/timestamp/i);
  });

  it('signs the body as UTF-8 bytes', () => {
    const secret = newSecret();
    const text = JSON.stringify({ summary: 'Sláine ⚔ Dredd 🎲' });
    expect(() => new Webhook(secret).verify(text, signedNow([secret], text))).not.toThrow();
    expect(() => new Webhook(secret).verify(Buffer.from(text, 'utf8'), signedNow([secret], text))).not.toThrow();
  });

  it('refuses to sign without a secret, with a malformed secret or with an id that cannot be a header', () => {
    expect(() => signedNow([])).toThrow();
    expect(() => signedNow(['whsec_nope'])).toThrow(WebhookSecretError);
    expect(() => signatureHeaders({ id: 'msg 1\r\n', timestamp: new Date(), body, secrets: [newSecret()] })).toThrow();
  });
});
