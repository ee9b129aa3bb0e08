// Password hashing: scrypt with its parameters and a random salt in a self-describing string.

import { describe, expect, it } from 'vitest';
import { hashPassword, serviceWords, verifyPassword, weakPasswordReason } from '../../src/auth/passwords.ts';

describe('password hashes', () => {
  it('are scrypt strings naming their parameters, salted afresh each time, and verify only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('I am the law'), hashPassword('I am the law')]);
    expect(a).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('I am the law', a)).toBe(true);
    expect(await verifyPassword('I am the law', b)).toBe(true);
    expect(await verifyPassword('I am the lAw', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('match the same password however its accents are encoded (NFKC)', async () => {
    const composed = 'Sl\u00e1ine mac Roth';
    const decomposed = 'Sla\u0301ine mac Roth';
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('verify with the parameters stored in the string, and refuse strings they cannot read', async () => {
    const cheaper = await hashAt(12);
    expect(cheaper.startsWith('$scrypt$ln=12,')).toBe(true);
    expect(await verifyPassword('drokk it', cheaper)).toBe(true);
    for (const stored of ['', 'drokk it', '$scrypt$ln=15,r=8,p=1$abc', '$bcrypt$x', '$scrypt$ln=40,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      expect(await verifyPassword('drokk it', stored)).toBe(false);
    }
  });
});

describe('password rules', () => {
  const account = { handle: 'Dredd', email: 'dredd@example.com' };

  it('accept 8 to 200 characters that are not the handle, the email, or one character repeated', async () => {
    expect(await weakPasswordReason('correct horse', account)).toBeUndefined();
    expect(await weakPasswordReason('kqzvtmbx', account)).toBeUndefined();
    expect(await weakPasswordReason(`correct horse battery staple ${'x'.repeat(170)}`, account)).toBeUndefined();
    expect(await weakPasswordReason('short', account)).toMatch(/8 to 200/);
    expect(await weakPasswordReason('ab'.repeat(101), account)).toMatch(/8 to 200/);
    expect(await weakPasswordReason('dredd@EXAMPLE.com', account)).toMatch(/handle or your email/);
    expect(await weakPasswordReason('        ', account)).toMatch(/only spaces/);
    expect(await weakPasswordReason('zzzzzzzzzz', account)).toMatch(/repeated/);
  });

  it('refuse passwords on the common-password lists, words with digits, keyboard rows and sequences, and the account’s own words (NIST SP 800-63B)', async () => {
    for (const password of ['password', '12345678', 'passw0rd', 'Password1!', 'iloveyou123', 'trustno1!', 'qwertyuiop', 'abcd1234', 'aaaaaaab', 'hunter22', 'dredd12345', 'dreddexample', 'p@ssw0rd', 'm0nk3y123']) {
      expect(await weakPasswordReason(password, account), password).toMatch(/^This password is too easy to guess\./);
    }
    // The service's own names, given by the app (its name and every game's title).
    const service = serviceWords(['Judge Dredd play-by-web', 'Helter Skelter']);
    expect(service).toEqual(expect.arrayContaining(['judge', 'dredd', 'judgedreddplaybyweb', 'helter', 'skelter', 'helterskelter']));
    for (const password of ['helterskelter', 'judgedredd1']) {
      expect(await weakPasswordReason(password, { handle: 'Fargo', email: 'fargo@example.test' }, service), password).toMatch(/^This password is too easy to guess\./);
    }
    expect(await weakPasswordReason('password', account)).toContain('This is a heavily used password.');
  });

  it('are checked off the event loop: other work runs while the checks are pending', async () => {
    const checks = Promise.all(['password', 'correct horse', 'qwertyuiop', 'Anderson reads minds'].map((password) => weakPasswordReason(password, account)));
    let turned = false;
    setImmediate(() => (turned = true));
    const reasons = await checks;
    // Checked on the event loop, every answer would be in before the loop turned once.
    expect(turned).toBe(true);
    expect(reasons.map((reason) => reason === undefined)).toEqual([false, true, false, true]);
  });

  it('are checked on one thread that answers many checks at once, each with its own answer', async () => {
    const weak = ['password', 'qwertyuiop', 'dredd12345', 'iloveyou123'];
    const strong = ['correct horse', 'kqzvtmbx', 'lawmaster engine idles', 'Anderson reads minds'];
    const passwords = Array.from({ length: 24 }, (_, i) => (i % 2 ? weak : strong)[i % 4]!);
    const reasons = await Promise.all(passwords.map((password) => weakPasswordReason(password, account)));
    passwords.forEach((password, i) => {
      if (weak.includes(password)) expect(reasons[i], password).toMatch(/^This password is too easy to guess\./);
      else expect(reasons[i], password).toBeUndefined();
    });
  });
});

/** A hash at another cost, as an older (or future) version of the service might have stored it. */
async function hashAt(ln: number): Promise<string> {
  const { scryptSync, randomBytes } = await import('node:crypto');
  const salt = randomBytes(16);
  const hash = scryptSync('drokk it', salt, 32, { N: 2 ** ln, r: 8, p: 1 });
  const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `$scrypt$ln=${ln},r=8,p=1$${b64(salt)}$${b64(hash)}`;
}
