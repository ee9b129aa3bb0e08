// The bots a game's seats may be played by: the game's own (GameModule.bots), or, for a game that
// declares none, the platform's random bot, which needs to know nothing of the game.

import type { Bot, GameBots } from './game-module.ts';
import { pickCommand } from './random-player.ts';

/** What the platform names the random bot; every game offers it, its own or this one. */
export const RANDOM_BOT = 'random';

/** Plays a uniformly random legal command (first a command type, then a command of it). */
export const randomBot: Bot<unknown, { type: string }> = {
  description: 'Plays a random legal command: first a kind of command, then one of that kind.',
  choose: (_state, _seat, legal, rng) => pickCommand(legal, rng)[0],
};

/** The platform's offer for a game that declares no bots. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const RANDOM_ONLY: GameBots<any, any> = { kinds: { [RANDOM_BOT]: randomBot }, default: RANDOM_BOT };

/** The bots a game offers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const botsOf = (module: { readonly bots?: GameBots<any, any> }): GameBots<any, any> => module.bots ?? RANDOM_ONLY;

/**
 * The bot that plays a seat stored with `kind`: the game's bot of that name, else the random bot,
 * which every game can be played by.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function botFor(module: { readonly bots?: GameBots<any, any> }, kind: string | null | undefined): Bot<any, any> {
  const playing = playingKind(module, kind);
  return playing === RANDOM_BOT ? (botsOf(module).kinds[RANDOM_BOT] ?? randomBot) : botsOf(module).kinds[playing]!;
}

/** The name of the bot `botFor` gives a seat stored with `kind`: `kind` if the game offers it, else `random`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function playingKind(module: { readonly bots?: GameBots<any, any> }, kind: string | null | undefined): string {
  return kind != null && Object.prototype.hasOwnProperty.call(botsOf(module).kinds, kind) ? kind : RANDOM_BOT;
}

/** Every name `playingKind` may give for a game: its bots' and `random`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const playableKinds = (module: { readonly bots?: GameBots<any, any> }): string[] => [
  ...new Set([...Object.keys(botsOf(module).kinds), RANDOM_BOT]),
];
