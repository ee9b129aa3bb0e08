// Validates a published document against its published schema with every object closed, so a
// field the document has but the schema does not describe fails (as openapi-client.test.ts does
// for the API's own schemas).

import { Ajv2020 } from 'ajv/dist/2020.js';

function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'examples' ? v : closed(v)]));
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** The schema's complaints about `document`, as readable lines; empty when it fits. */
export function schemaErrors(schema: object, document: unknown): string[] {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  const validate = ajv.compile(closed(schema) as object);
  if (validate(document)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
