// A route's schemas are compiled on its first request, not when the app gets ready. Fastify
// compiles every route's validators (Ajv) and response serialisers (fast-json-stringify) at start:
// for this API, whose command and game unions make large functions, about 2 s of CPU a start,
// measured with `app.ready()` (docs/performance.md). Every start paid it, and so did every test
// that builds an app, though most call a handful of routes. Now a route pays once, on the request
// that first needs it; its schema is the same, and so is what it accepts and answers.

import SerializerSelector from '@fastify/fast-json-stringify-compiler';

/** `compile()`'s function, made the first time it is called. */
export function onFirstUse<A extends unknown[], R>(compile: () => (...args: A) => R): (...args: A) => R {
  let compiled: ((...args: A) => R) | undefined;
  return (...args: A) => (compiled ??= compile())(...args);
}

/** Fastify's default serialiser compiler (fast-json-stringify), each serialiser made on first use. */
export function serializersOnFirstUse(): SerializerSelector.SerializerFactory {
  const buildDefault = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = buildDefault(externalSchemas, options);
    return (route) => onFirstUse(() => compile(route));
  };
}
