// Request bodies the service could not handle, refused before any route sees them: JSON nested
// deeper than MAX_BODY_DEPTH (writing it out again, to hash or store it, would overflow the
// stack), and strings or names Postgres cannot store in text or jsonb (NUL, unpaired UTF-16
// surrogates). Without this guard they fail deep in the service, as a 500.

import type { FastifyInstance } from 'fastify';
import { ProblemError } from './problems.ts';
import { issueSentence } from './validation-sentences.ts';

/** Far more than any request needs (a command is 3 levels deep, a scenario about 5). */
export const MAX_BODY_DEPTH = 32;

// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function registerBodyGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = unstorable(request.body);
    if (problem) {
      const sentence = issueSentence({ in: 'body', ...problem });
      throw new ProblemError(400, 'VALIDATION_FAILED', sentence, { errors: [{ in: 'body', ...problem, sentence }] });
    }
  });
}

/** The first part of `value` that cannot be handled, with its JSON Pointer; null when there is none. Iterative: any depth is safe. */
export function unstorable(value: unknown): { path: string; message: string } | null {
  // Each item knows its parent and its key: the pointer is written only for a part refused, not for every part walked.
  const stack: Item[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (UNSTORABLE.test(item.value)) return { path: pointer(item), message: 'must not contain NUL characters or unpaired surrogates' };
    } else if (item.value !== null && typeof item.value === 'object') {
      if (item.depth >= MAX_BODY_DEPTH) return { path: pointer(item), message: `must not nest more than ${MAX_BODY_DEPTH} levels deep` };
      for (const [key, child] of Object.entries(item.value)) {
        const childItem: Item = { value: child, depth: item.depth + 1, parent: item, key };
        if (UNSTORABLE.test(key)) return { path: pointer(childItem), message: 'must not have a name with NUL characters or unpaired surrogates' };
        stack.push(childItem);
      }
    }
  }
  return null;
}

interface Item {
  value: unknown;
  depth: number;
  parent?: Item;
  key?: string;
}

/** The item's JSON Pointer, from the keys of its parents. */
function pointer(item: Item): string {
  const keys: string[] = [];
  for (let at: Item | undefined = item; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
  return keys.map((key) => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}
