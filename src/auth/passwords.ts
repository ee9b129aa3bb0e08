// Passwords are stored as scrypt hashes (memory-hard: each guess costs 32 MiB and a few hundred
// milliseconds), in a self-describing string so the parameters can be raised later without
// breaking the hashes already stored:
//
//   $scrypt$ln=15,r=8,p=1$<salt, base64>$<hash, base64>
//
// (the PHC string format; `ln` is log2 of scrypt's cost N).

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { guessableReason } from './password-strength-thread.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

const COST = { ln: 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(normalize(password), salt, COST.ln, COST.r, COST.p, HASH_BYTES);
  return `$scrypt$ln=${COST.ln},r=${COST.r},p=${COST.p}$${b64(salt)}$${b64(hash)}`;
}

/** Whether `password` matches `stored`; false (never an exception) for a string it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = FORMAT.exec(stored);
  if (!match) return false;
  const [ln, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (ln < 10 || ln > 20 || r < 1 || p < 1) return false;
  const salt = Buffer.from(match[4]!, 'base64');
  const expected = Buffer.from(match[5]!, 'base64');
  if (expected.length < 16) return false;
  const actual = await derive(normalize(password), salt, ln, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

/**
 * Checks the password's length, the account's own names, and how easy it is to guess
 * (password-strength.ts, on its own thread: common and breached passwords, words, sequences). Returns why it is
 * refused; nothing for a good one. No composition rules (NIST SP 800-63B).
 */
export async function weakPasswordReason(password: string, account: { handle: string; email: string }, service: readonly string[] = []): Promise<string | undefined> {
  const normalized = normalize(password);
  const length = [...normalized].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    return `A password has ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;
  }
  if (normalized.trim() === '') return 'A password cannot be only spaces.';
  const lowered = normalized.toLowerCase();
  if (lowered === account.handle.toLowerCase() || lowered === account.email.toLowerCase()) {
    return 'A password cannot be your handle or your email address.';
  }
  if (new Set(normalized).size === 1) return 'A password cannot be one character repeated.';
  return guessableReason(normalized, [account.handle, account.email], service);
}

/**
 * The service's own words, which NIST counts among the expected ones: each word of each name, each
 * two neighbours run together, and the whole name run together ("Judge Dredd play-by-web" → judge,
 * dredd, play, web, judgedredd, dreddplay, …, judgedreddplaybyweb).
 */
export function serviceWords(names: readonly string[]): string[] {
  return names.flatMap((name) => {
    const words = name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    const pairs = words.slice(1).map((word, i) => words[i] + word);
    return [...words.filter((word) => word.length >= 3), ...pairs, words.join('')];
  });
}

let decoy: Promise<string> | undefined;

/**
 * A hash of nothing anyone knows, to verify against when the account does not exist: a log-in
 * for an unknown handle then takes as long as one with a wrong password.
 */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64'));
  return decoy;
}

// The same password typed on different keyboards (composed or decomposed accents, full-width
// letters) must match: NFKC, as NIST SP 800-63B recommends.
function normalize(password: string): string {
  return password.normalize('NFKC');
}

function derive(password: string, salt: Buffer, ln: number, r: number, p: number, length: number): Promise<Buffer> {
  const N = 2 ** ln;
  const options: ScryptOptions = { N, r, p, maxmem: 2 * 128 * N * r * p + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const b64 = (bytes: Buffer): string => bytes.toString('base64').replace(/=+$/, '');
