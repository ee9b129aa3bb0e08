// The OpenAPI document is generated from the route schemas; openapi/openapi.json is its committed
// copy, for client generators. `npm run openapi` rewrites it; a test fails when it is stale.

import path from 'node:path';
import { buildApp } from '../app.ts';
import { PROJECT_ROOT } from '../config/config.ts';

export const OPENAPI_FILE = path.join(PROJECT_ROOT, 'openapi', 'openapi.json');

/** The document as committed: 2-space JSON with a final newline. */
export async function renderOpenApiDocument(): Promise<string> {
  // Generating the document runs no route, so readiness is never asked.
  const app = await buildApp({ readiness: async () => ({ ready: false, reason: 'no database' }) });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
  }
}
