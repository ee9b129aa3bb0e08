// Table chat: short messages that players and spectators write at a game's table, shown live, and
// the accounts a player has muted. Chat is beside the game, not in it: messages are stored apart
// from the event log (./ports/chat.ts, src/store/chat.ts), so they are never replayed, verified or read by rules.
//
// Anyone who may view a game may read its chat (a spectator without a token too); any account may
// write. What one account may do is bounded: a message's length, messages per minute in one game,
// messages per game (all authors), mutes held.

import { EventEmitter } from 'node:events';
import { OneAtATime } from '../platform/one-at-a-time.ts';
import { Refusal, notFound } from '../platform/refusal.ts';
import type { ChannelSubscription, Listen } from './ports/changes.ts';
import { CHAT_CHANNEL, type ChatRecords, type StoredChatMessage } from './ports/chat.ts';

export interface ChatLimits {
  /** Characters (code points) in one message, after trimming. */
  messageLength: number;
  /** Messages one account may write in one game per minute. */
  messagesPerMinute: number;
  /** Messages one game's chat holds, all authors together. */
  messagesPerGame: number;
  /** Accounts one account may mute. */
  mutesPerAccount: number;
}

export const DEFAULT_CHAT_LIMITS: ChatLimits = { messageLength: 500, messagesPerMinute: 10, messagesPerGame: 2000, mutesPerAccount: 200 };

/** A message as readers see it. */
export interface ChatMessage {
  id: number;
  /** The author's handle. */
  author: string;
  /** The author's seat in this game; null for a spectator. */
  seat: number | null;
  text: string;
  at: string;
}

const RATE_WINDOW_MS = 60_000;

/**
 * Control characters (line breaks and tabs too: a message is one line) and the bidirectional
 * overrides and isolates, which would let a message show text in another order than it was written.
 */
const FORBIDDEN = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/**
 * What a reader can see: a letter, digit, punctuation mark or symbol (emoji are symbols). A message
 * without one is blank on screen — only spaces, zero-width characters, marks with nothing to sit
 * on, or tag characters — and reads as a message that says nothing, or hides one.
 */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/**
 * Characters that draw nothing though some count as letters or symbols: Unicode's default-ignorable
 * ones (zero-width space and joiners, the Hangul fillers, variation selectors) and the blank
 * Braille pattern, the usual ways to make an "empty" name or message.
 */
const BLANK = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;

/**
 * Combining marks in a row on one character. Real writing stacks a few (Vietnamese two, some
 * Indic and Tibetan clusters three or four; a keycap emoji two); hundreds are "Zalgo" text that
 * spills over the lines around it.
 */
export const MAX_MARKS_PER_CHARACTER = 4;
const STACKED_MARKS = new RegExp(`\\p{M}{${MAX_MARKS_PER_CHARACTER + 1},}`, 'u');

/**
 * Unicode tag characters (U+E0000–U+E007F) are invisible and can carry a hidden message. Their one
 * use in text is an emoji tag sequence: a black flag, tags, the cancel tag (the flags of England,
 * Scotland, Wales). Those are kept; any other tag character is refused.
 */
const FLAG_TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]{1,7}\u{E007F}/gu;
const TAG_CHARACTER = /[\u{E0000}-\u{E007F}]/u;

export class TableChat {
  private readonly emitter = new EventEmitter();
  private readonly listener: ChannelSubscription;
  /** Writes that wait for a lock in the database wait here first (src/platform/one-at-a-time.ts). */
  private readonly serial = new OneAtATime();

  private readonly store: ChatRecords;
  private readonly now: () => Date;
  readonly limits: ChatLimits;

  constructor(
    store: ChatRecords,
    listen: Listen,
    now: () => Date,
    limits: ChatLimits = DEFAULT_CHAT_LIMITS,
  ) {
    this.store = store;
    this.now = now;
    this.limits = limits;
    this.emitter.setMaxListeners(0);
    // On the process's one listening connection (src/db/listener.ts), beside the game events.
    this.listener = listen(CHAT_CHANNEL, (payload) => {
      const [gameId, id] = payload.split(':');
      if (gameId && id && /^\d+$/.test(id)) this.emitter.emit(gameId, Number(id));
    });
  }

  /** Hears messages written through every process; without it, only this process's own. */
  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }

  /** Calls `onMessage` with the id of each new message of the game until the returned function is called. */
  subscribe(gameId: string, onMessage: (id: number) => void): () => void {
    this.emitter.on(gameId, onMessage);
    return () => this.emitter.off(gameId, onMessage);
  }

  async write(gameId: string, accountId: string, text: string): Promise<ChatMessage> {
    const body = checkedText(text, this.limits.messageLength);
    const seats = await this.seatsOf(gameId, accountId);
    const at = this.now();
    // One writer per game at a time in this process (the store's chat lock waits on a pooled connection: one-at-a-time.ts).
    const stored = await this.serial.run(`chat:${gameId}`, () => this.store.append({ gameId, accountId, body, at }, new Date(at.getTime() - RATE_WINDOW_MS), (counts) => {
      if (counts.recent >= this.limits.messagesPerMinute) {
        const freed = (counts.oldestRecent?.getTime() ?? at.getTime()) + RATE_WINDOW_MS;
        const retryAfterSeconds = Math.max(1, Math.ceil((freed - at.getTime()) / 1000));
        throw new Refusal('limited', 'CHAT_RATE_LIMITED', `You may write ${this.limits.messagesPerMinute} messages a minute at one table; wait ${retryAfterSeconds} s.`, {
          limit: this.limits.messagesPerMinute,
          retryAfterSeconds,
        });
      }
      if (counts.total >= this.limits.messagesPerGame)
        throw new Refusal('limited', 'CHAT_FULL', `This table's chat holds ${this.limits.messagesPerGame} messages, the most allowed.`, { limit: this.limits.messagesPerGame });
    }));
    // Readers in this process hear it at once; the NOTIFY reaches the others (and this one, again: ids are idempotent for readers).
    this.emitter.emit(gameId, stored.id);
    return toView(stored, seats);
  }

  /** A page of the game's chat, oldest first, without what `reader` muted. */
  async read(gameId: string, reader: string | null, cursor: { after?: number; before?: number }, limit: number): Promise<{ messages: ChatMessage[]; more: boolean }> {
    if (cursor.after !== undefined && cursor.before !== undefined)
      throw new Refusal('invalid', 'CHAT_CURSOR_CONFLICT', 'Send `after` or `before`, not both.');
    const seats = await this.seatsOf(gameId, reader);
    const page = await this.store.page(gameId, reader, cursor, limit);
    return { messages: page.messages.map((m) => toView(m, seats)), more: page.more };
  }

  async mute(accountId: string, handle: string): Promise<{ handle: string; mutedAt: string }> {
    const target = await this.seen(handle);
    if (target.id === accountId) throw new Refusal('invalid', 'CANNOT_MUTE_YOURSELF', 'You cannot mute yourself.');
    const mutedAt = await this.serial.run(`mutes:${accountId}`, () =>
      this.store.mute(accountId, target.id, (held) => {
        if (held >= this.limits.mutesPerAccount)
          throw new Refusal('limited', 'MUTE_LIMIT_REACHED', `You have muted ${held} players, the most allowed: unmute one first.`, { limit: this.limits.mutesPerAccount });
      }),
    );
    return { handle: target.handle, mutedAt: mutedAt.toISOString() };
  }

  async unmute(accountId: string, handle: string): Promise<void> {
    const target = await this.seen(handle);
    await this.store.unmute(accountId, target.id);
  }

  async mutes(accountId: string): Promise<{ handle: string; mutedAt: string }[]> {
    return (await this.store.mutes(accountId)).map((m) => ({ handle: m.handle, mutedAt: m.mutedAt.toISOString() }));
  }

  /** Who sits where, for `reader`: a private game's table is absent to anyone not seated at it (src/service/views.ts). */
  private async seatsOf(gameId: string, reader: string | null): Promise<Map<string, number>> {
    const found = await this.store.seatsOf(gameId);
    if (!found || (found.private && !found.seats.some((s) => s.accountId !== null && s.accountId === reader))) throw notFound(`Game ${gameId}`);
    return new Map(found.seats.filter((s) => s.accountId !== null).map((s) => [s.accountId!, s.seat]));
  }

  /**
   * Only a handle seen at a table (seated, or written in a chat) can be muted: answering for any
   * handle would tell who has an account, which nothing else does (src/auth/accounts.ts).
   */
  private async seen(handle: string): Promise<{ id: string; handle: string }> {
    const found = await this.store.seenAccount(handle);
    if (!found) throw new Refusal('not-found', 'PLAYER_NOT_FOUND', `No player called ${handle} has sat or written at a table.`);
    return found;
  }
}

/** The message as stored: trimmed, not empty, not too long, one line of visible text without hidden or stacked characters. */
export function checkedText(text: string, maxLength: number): string {
  const trimmed = text.trim();
  if (trimmed === '') throw new Refusal('invalid', 'CHAT_MESSAGE_EMPTY', 'The message is empty.');
  if ([...trimmed].length > maxLength) throw new Refusal('invalid', 'CHAT_MESSAGE_TOO_LONG', `A message has at most ${maxLength} characters.`, { limit: maxLength });
  if (FORBIDDEN.test(trimmed)) throw new Refusal('invalid', 'CHAT_MESSAGE_CONTROL_CHARACTERS', 'A message is one line of text, without control characters.');
  if (TAG_CHARACTER.test(trimmed.replace(FLAG_TAG_SEQUENCE, '')))
    throw new Refusal('invalid', 'CHAT_MESSAGE_INVISIBLE_CHARACTERS', 'A message cannot hold Unicode tag characters (invisible text), except in a flag emoji.');
  if (!VISIBLE.test(trimmed.replace(BLANK, '')))
    throw new Refusal('invalid', 'CHAT_MESSAGE_INVISIBLE', 'A message needs something to see: a letter, digit, punctuation mark or symbol, not only invisible or combining characters.');
  if (STACKED_MARKS.test(trimmed))
    throw new Refusal('invalid', 'CHAT_MESSAGE_STACKED_MARKS', `A character carries at most ${MAX_MARKS_PER_CHARACTER} combining marks in a row.`, {
      limit: MAX_MARKS_PER_CHARACTER,
    });
  return trimmed;
}

const toView = (m: StoredChatMessage, seats: Map<string, number>): ChatMessage => ({
  id: m.id,
  author: m.handle,
  seat: seats.get(m.accountId) ?? null,
  text: m.body,
  at: m.createdAt.toISOString(),
});
