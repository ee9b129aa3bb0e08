// What table chat (../chat.ts) needs stored: a game's messages and each player's mutes, apart from
// the game's event log. src/store/chat.ts implements it over Postgres.

/** The channel a committed message is announced on (Postgres NOTIFY): `<gameId>:<message id>`. */
export const CHAT_CHANNEL = 'game_chat';

export interface StoredChatMessage {
  id: number;
  gameId: string;
  accountId: string;
  handle: string;
  body: string;
  createdAt: Date;
}

/** What the limits are decided on, read under the game's chat lock. */
export interface ChatCounts {
  /** The author's messages in this game since `since`, and when the oldest of them was written. */
  recent: number;
  oldestRecent: Date | null;
  /** The game's messages, all authors. */
  total: number;
}

export interface ChatPage {
  messages: StoredChatMessage[];
  /** More messages lie beyond the page, in the direction it was read. */
  more: boolean;
}

export interface ChatRecords {
  /** The game's seats' accounts, by seat, and whether the game is private; null when there is no such game. */
  seatsOf(gameId: string): Promise<{ private: boolean; seats: { seat: number; accountId: string | null }[] } | null>;
  /**
   * Appends a message unless `check` throws on the counts read under the game's chat lock (so two
   * messages sent at once cannot both slip under a limit), and announces it on CHAT_CHANNEL at commit.
   */
  append(message: { gameId: string; accountId: string; body: string; at: Date }, since: Date, check: (counts: ChatCounts) => void): Promise<StoredChatMessage>;
  /**
   * A page of the game's messages, oldest first, without those of accounts `reader` muted: after
   * `after` when given, else the newest before `before` (or the newest of all).
   */
  page(gameId: string, reader: string | null, cursor: { after?: number; before?: number }, limit: number): Promise<ChatPage>;
  /** The account of a handle (whatever its case) seen at a table: seated, or written in a chat. */
  seenAccount(handle: string): Promise<{ id: string; handle: string } | null>;
  /** Mutes `muted` for `accountId` unless `check` throws on the mutes the account holds; when it was muted. */
  mute(accountId: string, muted: string, check: (held: number) => void): Promise<Date>;
  unmute(accountId: string, muted: string): Promise<void>;
  /** Oldest first. */
  mutes(accountId: string): Promise<{ handle: string; mutedAt: Date }[]>;
}
