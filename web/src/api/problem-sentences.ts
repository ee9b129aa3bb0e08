// The API's refusals in words a player understands: one table from each stable problem code the
// API document lists to what the pages say. A code whose `detail` is already a player's sentence
// (it names the handle, the minutes to wait, the rule broken) is marked API_DETAIL: a deliberate
// fallback to the API's words. A code the table does not know (a game's rule refusal, a code added
// later) shows the API's `detail` too, which is always a sentence; validation problems show the
// sentence the API gives for each field. test/web/problem-sentences.test.ts holds the table to the
// OpenAPI document. Pure: no import but types.

import type { components } from '../generated/api.ts';

type Problem = components['schemas']['Problem'];

/** Show the API's own `detail`: it is already the player's sentence, with its particulars. */
export const API_DETAIL = Symbol('the API’s detail');

type Sentence = string | typeof API_DETAIL | ((problem: Problem) => string);

const NOT_FOUND = 'There is nothing at this address: check it for a typo, or go back to your games.';
const STREAMS = 'Too many live pages are open at once. Close a few tabs, then reload.';
const TRY_AGAIN = 'Something changed meanwhile. Try again.';

/** Validation: the API's sentence per field; an address that is not one of ours says so. */
function validation(problem: Problem): string {
  const errors = problem.errors ?? [];
  if (errors.some((error) => error.in === 'params')) return NOT_FOUND;
  const sentences = errors.map((error) => error.sentence).filter(Boolean);
  return sentences.length ? sentences.join(' ') : 'Something in the form is not right: check it and try again.';
}

export const PROBLEM_SENTENCES: Readonly<Record<string, Sentence>> = {
  // Any request
  VALIDATION_FAILED: validation,
  UNAUTHENTICATED: 'Log in to do this.',
  INVALID_TOKEN: 'Your session has ended. Log in again.',
  RATE_LIMITED: 'That was a lot of requests at once. Wait a moment, then try again.',
  NOT_FOUND,
  TOO_MANY_STREAMS: STREAMS,
  TOO_MANY_STREAMS_FROM_ADDRESS: STREAMS,
  STREAMS_AT_CAPACITY: 'The service is very busy right now. Reload in a minute.',
  // Accounts and sessions
  HANDLE_TAKEN: API_DETAIL,
  WEAK_PASSWORD: API_DETAIL,
  INVALID_CREDENTIALS: 'No account matches this handle or email and password.',
  LOGIN_THROTTLED: API_DETAIL,
  LOGIN_LOCKED: API_DETAIL,
  SESSION_REQUIRED: 'Log in with your password to do this (a personal access token cannot).',
  // Creating and joining games
  UNKNOWN_GAME: 'This server does not play that game.',
  UNKNOWN_MAP: 'That map is not one of this game’s.',
  BAD_PLAYER_COUNT: API_DETAIL,
  TEAM_TAKEN: API_DETAIL,
  INVALID_OPTIONS: API_DETAIL,
  INVALID_SCENARIO: API_DETAIL,
  INVALID_POSITION: API_DETAIL,
  NOT_A_SEAT: 'This game has no such seat.',
  SCENARIOS_DISABLED: 'This server does not start games from a chosen position.',
  SEED_DISABLED: 'This server does not let a game’s shuffle be chosen.',
  SEAT_TAKEN: 'Someone took that seat first. Choose another.',
  ALREADY_SEATED: 'You already hold a seat in this game.',
  // Playing
  VERSION_OUT_OF_RANGE: 'The game has no such move.',
  NOT_SEATED: 'You hold no seat in this game: you are watching.',
  VERSION_CONFLICT: 'The game moved on while you chose. Here it is as it stands now: choose again.',
  GAME_NOT_STARTED: 'The game has not started yet: it waits for players to take their seats.',
  IDEMPOTENCY_KEY_REUSED: TRY_AGAIN,
  GAME_BUSY: TRY_AGAIN,
  NOT_YOUR_TURN: 'It is not your turn.',
  WINDOW_CLOSED: 'Too late: that moment has passed.',
  CARD_NOT_IN_HAND: API_DETAIL,
  WRONG_SYMBOL: API_DETAIL,
  NO_INTERRUPT_CARD: 'You can arm an INTERRUPT only while you hold an INTERRUPT card.',
  NO_LINE_OF_SIGHT: API_DETAIL,
  NOT_ELIGIBLE: API_DETAIL,
  INVALID_COMMAND: API_DETAIL,
  GAME_OVER: 'The game is over.',
  GAME_NOT_OVER: 'The full record opens once the game is over.',
  GAME_ABANDONED: 'This game was abandoned.',
  NOT_YOUR_SEAT: 'That seat is not yours.',
  // Chat
  CHAT_CURSOR_CONFLICT: 'The chat could not be read. Reload the page.',
  CHAT_MESSAGE_EMPTY: 'Write something first.',
  CHAT_MESSAGE_TOO_LONG: API_DETAIL,
  CHAT_MESSAGE_CONTROL_CHARACTERS: 'The message holds characters that cannot be shown. Remove them and send it again.',
  CHAT_MESSAGE_INVISIBLE_CHARACTERS: 'The message holds invisible characters. Remove them and send it again.',
  CHAT_MESSAGE_INVISIBLE: 'The message would show nothing. Write something visible.',
  CHAT_MESSAGE_STACKED_MARKS: 'The message stacks too many accents on one letter.',
  CHAT_RATE_LIMITED: 'You are writing faster than the table allows. Wait a moment.',
  CHAT_FULL: API_DETAIL,
  CANNOT_MUTE_YOURSELF: 'You cannot mute yourself.',
  PLAYER_NOT_FOUND: 'No player with that handle has sat or written at a table.',
  MUTE_LIMIT_REACHED: API_DETAIL,
  // Settings
  INVALID_TIME_ZONE: API_DETAIL,
  VACATION_ALLOWANCE_EXCEEDED: API_DETAIL,
  INVALID_LINK: 'This link is unknown, used or expired. Ask for a new one in Settings.',
  EMAIL_DISABLED: 'This server sends no email.',
  EMAIL_ALREADY_VERIFIED: 'Your email address is already verified.',
  UNKNOWN_LINK: 'This link is unknown.',
  WEBHOOK_URL_INVALID: API_DETAIL,
  WEBHOOK_URL_NOT_HTTPS: 'A webhook’s address must start with https://.',
  WEBHOOK_URL_CREDENTIALS: 'A webhook’s address may not hold a user name or password.',
  WEBHOOK_URL_PRIVATE: 'A webhook’s address must be on the public internet.',
  WEBHOOK_URL_UNRESOLVABLE: 'That webhook address does not resolve: check its host name.',
  WEBHOOK_NOT_FOUND: 'You have no such webhook.',
  // Passwords and addresses
  WRONG_PASSWORD: 'That is not your current password.',
  RESET_LINK_INVALID: 'This link no longer works: it was used, it expired, or it is not one of ours. Ask for a new one from the log-in page.',
  // Private games and invitations
  INVITE_NOT_FOUND: 'This invitation is not one of ours: check the link you were given.',
  INVITE_FOR_ANOTHER_GAME: 'This invitation is for another game.',
  INVITE_REVOKED: 'This invitation was withdrawn by the game’s creator. Ask them for a new link.',
  INVITE_EXPIRED: 'This invitation has expired. Ask the game’s creator for a new link.',
  INVALID_TTL: API_DETAIL,
  NOT_CREATOR: 'Only the game’s creator can do this.',
  GAME_NOT_PRIVATE: 'This game is public: anyone can take a seat from the lobby, no invitation needed.',
  GAME_NOT_OPEN: 'This game has started: its seats are taken.',
  INVITE_LIMIT_REACHED: API_DETAIL,
  // Rematches
  REMATCH_TOO_EARLY: 'A rematch can be offered once the game is over.',
  REMATCH_UNAVAILABLE: 'This game started from a position its creator described, which cannot be played again: create a new game instead.',
  NO_REMATCH_OFFER: 'Nobody has offered a rematch of this game yet: offer one.',
  REMATCH_DECLINED: 'This rematch was declined. You can offer a new one.',
  REMATCH_STARTED: 'The rematch has started already: open it from the link.',
  // The detail says how many games, and whether to wait or to let one fill up.
  GAME_LIMIT_REACHED: API_DETAIL,
  // Leaving a game, and seats a bot plays while their players are away
  GAME_STARTED: 'This game has started: it can no longer be called off or left. You can resign from the game itself.',
  SEAT_ABSENT: 'A bot has been playing your seat since your deadlines passed. Take your seat back first.',
  SEAT_NOT_ABSENT: 'Your seat is already yours: no bot is playing it.',
  // Player pages
  INVALID_CURSOR: 'That page of games is no longer there. Go back to the first page.',
  // Browser notifications
  PUSH_KEYS_INVALID: 'This browser’s notification keys were refused. Turn notifications off and on again.',
  PUSH_ENDPOINT_INVALID: API_DETAIL,
  PUSH_ENDPOINT_NOT_HTTPS: API_DETAIL,
  PUSH_ENDPOINT_CREDENTIALS: API_DETAIL,
  PUSH_ENDPOINT_PRIVATE: API_DETAIL,
  PUSH_ENDPOINT_PORT_NOT_ALLOWED: API_DETAIL,
  PUSH_ENDPOINT_UNRESOLVABLE: API_DETAIL,
  PUSH_SUBSCRIPTION_LIMIT_REACHED: API_DETAIL,
  PUSH_SUBSCRIPTION_NOT_FOUND: 'This device is no longer subscribed. Reload the page.',
};

const UNREACHABLE = 'The service could not be reached. Try again.';

/** The sentence to show for what the API answered instead of what was asked (or for a failed fetch). */
export function problemSentence(error: unknown): string {
  if (!error || typeof error !== 'object') return UNREACHABLE;
  const problem = error as Partial<Problem>;
  const detail = typeof problem.detail === 'string' && problem.detail ? problem.detail : null;
  const sentence = typeof problem.code === 'string' ? PROBLEM_SENTENCES[problem.code] : undefined;
  if (typeof sentence === 'string') return sentence;
  if (typeof sentence === 'function') return sentence(problem as Problem);
  if (detail) return detail;
  if (typeof problem.title === 'string' && problem.title) return problem.title;
  return UNREACHABLE;
}
