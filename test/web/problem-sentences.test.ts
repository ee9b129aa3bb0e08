// The web client's one table of the API's problem codes (web/src/api/problem-sentences.ts): every
// code the OpenAPI document lists for an error response has a sentence or a deliberate fallback to
// the API's detail, and nothing a page shows is validator wording.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DETAIL, PROBLEM_SENTENCES, problemSentence } from '../../web/src/api/problem-sentences.ts';
import { documentTitle } from '../../web/src/title.ts';
import { PROJECT_ROOT } from '../../src/config/config.ts';

interface Operation {
  responses?: Record<string, { description?: string }>;
}

/** The codes the document names (`CODE` in backquotes) in its error responses' descriptions. */
function documentedCodes(): Set<string> {
  const document = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'openapi', 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, Operation>> };
  const codes = new Set<string>();
  for (const operations of Object.values(document.paths))
    for (const operation of Object.values(operations))
      for (const [status, response] of Object.entries(operation.responses ?? {}))
        if (Number(status) >= 400) for (const match of (response.description ?? '').matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)) codes.add(match[1]!);
  return codes;
}

describe('the sentence table', () => {
  it('has an entry for every code the OpenAPI document lists', () => {
    const codes = documentedCodes();
    // The document does list its codes: the test reads something.
    expect(codes.size).toBeGreaterThan(40);
    expect([...codes].filter((code) => !(code in PROBLEM_SENTENCES))).toEqual([]);
  });

  it('lists no code the document does not (no sentence for a code that was never answered)', () => {
    const codes = documentedCodes();
    expect(Object.keys(PROBLEM_SENTENCES).filter((code) => !codes.has(code))).toEqual([]);
  });

  it('its own sentences are sentences: a capital, a full stop, no code or API path', () => {
    for (const [code, sentence] of Object.entries(PROBLEM_SENTENCES)) {
      if (typeof sentence !== 'string') continue;
      expect(sentence, code).toMatch(/^[A-Z].*[.!]$/);
      expect(sentence, code).not.toMatch(/\/v1\/|[A-Z]{3,}_[A-Z]/);
    }
  });
});

describe('problemSentence', () => {
  it('a validation problem shows the API’s sentence per field, never the validator’s words', () => {
    const problem = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'The handle must be at least 3 characters long.',
      errors: [{ in: 'body' as const, path: '/handle', message: 'must NOT have fewer than 3 characters', sentence: 'The handle must be at least 3 characters long.' }],
    };
    expect(problemSentence(problem)).toBe('The handle must be at least 3 characters long.');
  });

  it('a bad id in the address says the address is wrong', () => {
    const problem = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'The id in the address is not a valid id (a UUID).',
      errors: [{ in: 'params' as const, path: '/id', message: 'must match format "uuid"', sentence: 'The id in the address is not a valid id (a UUID).' }],
    };
    expect(problemSentence(problem)).toMatch(/^There is nothing at this address/);
  });

  it('a deliberate fallback, and a code the table does not know (a game’s rule), show the API’s detail', () => {
    expect(PROBLEM_SENTENCES.HANDLE_TAKEN).toBe(API_DETAIL);
    expect(problemSentence({ code: 'HANDLE_TAKEN', detail: 'The handle "ann" is taken; choose another.' })).toBe('The handle "ann" is taken; choose another.');
    expect(problemSentence({ code: 'NOT_ENOUGH_CARDS', detail: 'MOVE costs one card with the character’s symbol.' })).toBe('MOVE costs one card with the character’s symbol.');
  });

  it('a code with a sentence shows it, whatever the detail says', () => {
    expect(problemSentence({ code: 'NOT_FOUND', detail: 'There is no GET /v1/nowhere.' })).toMatch(/^There is nothing at this address/);
  });

  it('no answer at all (a failed fetch) says the service could not be reached', () => {
    expect(problemSentence(undefined)).toBe('The service could not be reached. Try again.');
  });
});

describe('the tab title', () => {
  it('counts the games awaiting me, says Your move, and names the page and the platform', () => {
    expect(documentTitle('Lobby', 2)).toBe('(2) Your move — Lobby — Judge Dredd play-by-web');
    expect(documentTitle('Lobby', 0)).toBe('Lobby — Judge Dredd play-by-web');
    expect(documentTitle(null, 0)).toBe('Judge Dredd play-by-web');
    // A game's page says Your move for its own game only, and counts it even before the feed does.
    expect(documentTitle('Block War: A v B', 0, { awaitsMe: true })).toBe('(1) Your move — Block War: A v B — Judge Dredd play-by-web');
    expect(documentTitle('Block War: A v B', 1, { awaitsMe: false })).toBe('(1) Block War: A v B — Judge Dredd play-by-web');
  });
});
