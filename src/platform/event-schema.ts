// The published schema of an event a game describes in words (its visible event, switched on
// `type`): an object whose `type` is one of every type the game's events have. The list is the
// game's; that it names every type, and nothing else, is checked here when the game compiles.

/**
 * `types` when they are exactly the members of `All`: a type that is not one is refused by the
 * list's own type, and one the list forgets makes the argument `never`, so the call fails to compile.
 */
export const everyEventType =
  <All extends string>() =>
  <const Listed extends readonly All[]>(types: Exclude<All, Listed[number]> extends never ? Listed : never): readonly All[] =>
    types;

/** The schema of an event that says its `type` (one of `types`) and describes the rest in `description`. */
export function eventTypeSchema(description: string, types: readonly string[]) {
  return {
    type: 'object',
    description,
    required: ['type'],
    properties: { type: { type: 'string', enum: [...types] } },
    additionalProperties: true,
  } as const;
}
