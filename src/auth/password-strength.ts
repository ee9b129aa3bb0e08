// How easy a password is to guess, by zxcvbn (the zxcvbn-ts port, with its common-password and
// English dictionaries): NIST SP 800-63B asks that passwords be checked against values known to be
// commonly used, expected or compromised — breached-password lists, dictionary words, repeated or
// sequential characters, and words of the service and the account itself — and imposes no
// composition rules (no "one digit, one capital"). zxcvbn estimates the guesses an attacker who
// tries those first would need; a password under GUESSES_FLOOR is refused, with zxcvbn's own
// sentence saying why.

import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's score 2 and up: about a million guesses or more. With the log-in throttle and the rate
 * limit an online attacker gets a few guesses an hour per account, and scrypt makes an offline one
 * pay for each guess; what this floor stops is the password found among the first guesses of any
 * list ("password", "12345678", "iloveyou123", "qwertyuiop").
 */
export const GUESSES_FLOOR = 1e6;

/**
 * Only the first this many characters are scored: zxcvbn's time grows with the length, and a
 * password whose first 32 characters are hard to guess is not easier to guess for what follows.
 * The checks run one at a time on their own thread (password-strength-thread.ts), so a slow one
 * holds up only the checks behind it.
 */
const SCORED_LENGTH = 32;

/**
 * zxcvbn tries l33t readings of the password (p@ssw0rd → password) by substituting characters; with
 * its default of 100 substitutions a password of digits and symbols took up to a second of CPU, a
 * lever for anyone who can register. Four substitutions still read the common l33t spellings
 * (measured: p@ssw0rd, dr3dd1234, m0nk3y123 are refused) at a worst case of tens of milliseconds.
 */
const L33T_MAX_SUBSTITUTIONS = 4;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use (the dictionaries take most of a second to load), then kept. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  });
  return estimator;
}

/**
 * Why `password` is too easy to guess, or undefined; `context` are the account's own words (handle,
 * email), `service` the service's (serviceWords).
 */
export function guessableReason(password: string, context: readonly string[], service: readonly string[]): string | undefined {
  const scored = [...password].slice(0, SCORED_LENGTH).join('');
  const words = [...context, ...context.flatMap((word) => word.split(/[@._-]+/)), ...service];
  const result = zxcvbn().check(scored, words);
  if (result.guesses >= GUESSES_FLOOR) return undefined;
  const why = result.feedback.warning ? ` ${result.feedback.warning}` : '';
  return `This password is too easy to guess.${why} A few unrelated words, or a longer phrase, make a strong one; no particular characters are required.`;
}
