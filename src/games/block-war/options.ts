// Turning a client's creation options into a set-up, refusing what the game cannot provide.
// The platform handles what every game shares (seat owners, bots, clocks, the key).

import { RuleError } from '../../platform/game-module.ts';
import { KEYED_GENERATOR } from '../../platform/random.ts';
import { COLOURS, type Colour } from './content/units.ts';
import type { GameSetup } from './types.ts';

/** BW2: a block's name is 1–40 characters once trimmed, letters, digits, spaces and . ' - & only. */
export const BLOCK_NAME_MAX = 40;
const BLOCK_NAME = /^[\p{L}\p{N}][\p{L}\p{N} .'&-]*$/u;

/** The longest time limit: thirty days (a play-by-web game may run for days). */
export const TIME_LIMIT_MAX_MINUTES = 30 * 24 * 60;

export const MIN_SEATS = 2;
export const MAX_SEATS = 4;

/** JSON Schema of the Block War part of `POST /v1/games` options. */
export const optionsSchema = {
  type: 'object',
  required: ['seats'],
  properties: {
    seats: {
      type: 'array',
      minItems: MIN_SEATS,
      maxItems: MAX_SEATS,
      description: 'Seats in clockwise order. "2-4 PLAYERS"; each names its block.',
      items: {
        type: 'object',
        required: ['block'],
        additionalProperties: false,
        properties: {
          block: {
            type: 'string',
            minLength: 1,
            maxLength: BLOCK_NAME_MAX,
            description: "The block's name, after a famous figure of the 20th or 21st century, e.g. \"Rick Whitely\".",
          },
          colour: { type: 'string', enum: [...COLOURS], description: 'The block colour; by default red, blue, green, yellow in seat order.' },
        },
      },
    },
    timeLimitMinutes: {
      type: 'integer',
      minimum: 1,
      maximum: TIME_LIMIT_MAX_MINUTES,
      description:
        '"It is helpful to set a time limit for play, say two hours": minutes from the first command. Once it is reached and the round finished, every block has one last turn, then the points are totalled (BW50). None by default.',
    },
  },
} as const;

export function setupFromOptions(options: Record<string, unknown>, randomness: { key: string }): GameSetup | RuleError {
  const seats = options?.seats;
  if (!Array.isArray(seats) || seats.length < MIN_SEATS || seats.length > MAX_SEATS)
    return new RuleError('INVALID_OPTIONS', `Block War is for ${MIN_SEATS}–${MAX_SEATS} players: "seats" must list 2 to 4 seats.`);
  const out: GameSetup['seats'] = [];
  for (const [i, raw] of seats.entries()) {
    const seat = (raw ?? {}) as { block?: unknown; colour?: unknown };
    const name = typeof seat.block === 'string' ? seat.block.trim().replace(/\s+/g, ' ') : '';
    if (name.length < 1 || name.length > BLOCK_NAME_MAX || !BLOCK_NAME.test(name))
      return new RuleError('INVALID_BLOCK_NAME', `Seat ${i}: a block's name is 1–${BLOCK_NAME_MAX} letters, digits, spaces and . ' & - (starting with a letter or digit).`);
    if (out.some((o) => o.block.toLowerCase() === name.toLowerCase()))
      return new RuleError('DUPLICATE_BLOCK_NAME', `Seat ${i}: another block is already named "${name}".`);
    const colour = seat.colour === undefined ? COLOURS.find((c) => !out.some((o) => o.colour === c) && !seats.some((s) => (s as { colour?: unknown })?.colour === c)) : seat.colour;
    if (!COLOURS.includes(colour as Colour)) return new RuleError('INVALID_COLOUR', `Seat ${i}: the colours are ${COLOURS.join(', ')}.`);
    if (out.some((o) => o.colour === colour)) return new RuleError('DUPLICATE_COLOUR', `Seat ${i}: another block is already ${String(colour)}.`);
    out.push({ block: name, colour: colour as Colour });
  }
  const limit = options.timeLimitMinutes;
  if (limit !== undefined && (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > TIME_LIMIT_MAX_MINUTES))
    return new RuleError('INVALID_TIME_LIMIT', `"timeLimitMinutes" is a whole number of minutes, 1 to ${TIME_LIMIT_MAX_MINUTES}.`);
  return { seats: out, generator: KEYED_GENERATOR, key: randomness.key, ...(limit !== undefined ? { timeLimitMinutes: limit as number } : {}) };
}
