// Every number a route accepts is finite: one rule, applied where every request part (body,
// querystring, params, headers) is validated, so no route can forget it.
//
// Why it is needed: JSON has no Infinity, but `1e309` parses to it; and Ajv coerces query strings
// and bodies to the declared type by `+value`, so `?limit=Infinity`, `?after=-1e309` and
// `{"expiresInDays":"Infinity"}` arrive as ±Infinity. Ajv's `strictNumbers` refuses a non-finite
// number it is handed where a schema names a type, but not one it made by coercion (nor one in a
// part of a body no schema types). Handlers then got numbers no limit holds (a 500 from Postgres,
// a value stored as null). So, after Ajv has validated (and coerced) a part,
// any non-finite number left anywhere in it is a validation failure like any other:
// 400 VALIDATION_FAILED, "body/expiresInDays must be a finite number".

import AjvCompiler from '@fastify/ajv-compiler';

type BuildValidator = ReturnType<typeof AjvCompiler>;
type Validate = ReturnType<ReturnType<BuildValidator>>;

/** Where in `data` the first non-finite number is, as a JSON Pointer; null when there is none. */
export function nonFinitePath(data: unknown): string | null {
  const keys = nonFiniteKeys(data);
  return keys === null ? null : keys.map((key) => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * The keys leading to the first non-finite number, or null. Every request part passes through
 * here, nearly always with no such number: the path is put together only once one is found.
 */
function nonFiniteKeys(data: unknown): string[] | null {
  if (typeof data === 'number') return Number.isFinite(data) ? null : [];
  if (data === null || typeof data !== 'object') return null;
  for (const key in data) {
    if (!Object.hasOwn(data, key)) continue;
    const found = nonFiniteKeys((data as Record<string, unknown>)[key]);
    if (found !== null) {
      found.unshift(key);
      return found;
    }
  }
  return null;
}

/**
 * Fastify's own validator compiler (Ajv, with the app's options), each validator followed by the
 * finite-number rule, and compiled on the route's first request (./compile-on-first-use.ts).
 */
export function finiteNumbersValidator(): BuildValidator {
  const buildDefault = AjvCompiler();
  return (externalSchemas, options) => {
    const compile = buildDefault(externalSchemas, options);
    return (route: Parameters<typeof compile>[0]) => {
      let validate: Validate | undefined;
      const finite = ((data: unknown, context?: unknown) => {
        validate ??= compile(route);
        const valid = (validate as (data: unknown, context?: unknown) => unknown)(data, context);
        if (valid !== true) {
          finite.errors = validate.errors;
          return valid;
        }
        const path = nonFinitePath(data);
        if (path === null) return true;
        finite.errors = [{ instancePath: path, schemaPath: '#', keyword: 'finite', params: {}, message: 'must be a finite number' }];
        return false;
      }) as Validate;
      // Fastify hands a validator the request as its root's parent, which Ajv needs to replace a
      // coerced root value, only when the validator has a `schemaEnv`, as every Ajv validator has;
      // this one's Ajv validator is not made yet.
      return Object.assign(finite, { schemaEnv: true });
    };
  };
}
