// Table chat's records (src/service/ports/chat.ts) in Postgres, through Prisma Client (chat is not
// the command path): a game's messages, and the accounts each player has muted. Nothing here
// touches the game's event log.
//
// A message is appended in one transaction that holds the game's chat lock, counts what the
// limits need, inserts, and sends a NOTIFY on CHAT_CHANNEL: at commit every process hears it
// (src/db/listener.ts), so a reader streaming from another process learns of it at once.

import { literalPattern, lockAccountRow, type PrismaClient, type PrismaTransaction } from '../db/prisma.ts';
import { CHAT_CHANNEL, type ChatCounts, type ChatPage, type ChatRecords, type StoredChatMessage } from '../service/ports/chat.ts';

const MESSAGE = { id: true, gameId: true, accountId: true, body: true, createdAt: true, account: { select: { handle: true } } } as const;

type MessageRow = { id: bigint; gameId: string; accountId: string; body: string; createdAt: Date; account: { handle: string } };

const toMessage = (row: MessageRow): StoredChatMessage => ({
  id: Number(row.id),
  gameId: row.gameId,
  accountId: row.accountId,
  handle: row.account.handle,
  body: row.body,
  createdAt: row.createdAt,
});

export class ChatStore implements ChatRecords {
  private readonly prisma: PrismaClient;

  constructor(prisma: PrismaClient) {
    this.prisma = prisma;
  }

  /** The game exists; its seats' accounts, by seat. */
  async seatsOf(gameId: string): Promise<{ private: boolean; seats: { seat: number; accountId: string | null }[] } | null> {
    const game = await this.prisma.game.findUnique({ where: { id: gameId }, select: { options: true, seats: { select: { seat: true, accountId: true } } } });
    if (!game) return null;
    return { private: (game.options as { private?: unknown } | null)?.private === true, seats: game.seats };
  }

  /**
   * Appends a message unless `check` throws on the counts read under the game's chat lock (so two
   * messages sent at once cannot both slip under a limit); then the message is announced.
   */
  async append(message: { gameId: string; accountId: string; body: string; at: Date }, since: Date, check: (counts: ChatCounts) => void): Promise<StoredChatMessage> {
    return this.prisma.$transaction(async (tx) => {
      await lockGameChat(tx, message.gameId);
      const [recent, total] = await Promise.all([
        tx.chatMessage.aggregate({ where: { gameId: message.gameId, accountId: message.accountId, createdAt: { gt: since } }, _count: true, _min: { createdAt: true } }),
        tx.chatMessage.count({ where: { gameId: message.gameId } }),
      ]);
      check({ recent: recent._count, oldestRecent: recent._min.createdAt, total });
      const row = await tx.chatMessage.create({
        data: { gameId: message.gameId, accountId: message.accountId, body: message.body, createdAt: message.at },
        select: MESSAGE,
      });
      await tx.$executeRaw`SELECT pg_notify(${CHAT_CHANNEL}, ${`${message.gameId}:${row.id}`})`;
      return toMessage(row);
    });
  }

  /**
   * A page of the game's messages, oldest first, without those of accounts `reader` muted: after
   * `after` when given, else the newest before `before` (or the newest of all).
   */
  async page(gameId: string, reader: string | null, cursor: { after?: number; before?: number }, limit: number): Promise<ChatPage> {
    const unmuted = reader ? { account: { mutedBy: { none: { accountId: reader } } } } : {};
    const forward = cursor.after !== undefined;
    const id = forward ? { gt: BigInt(cursor.after!) } : cursor.before !== undefined ? { lt: BigInt(cursor.before) } : undefined;
    const rows = await this.prisma.chatMessage.findMany({
      where: { gameId, ...(id ? { id } : {}), ...unmuted },
      orderBy: { id: forward ? 'asc' : 'desc' },
      take: limit + 1,
      select: MESSAGE,
    });
    const more = rows.length > limit;
    const page = rows.slice(0, limit).map(toMessage);
    return { messages: forward ? page : page.reverse(), more };
  }

  /** The account of a handle (whatever its case) that has been seen at a table: seated, or written in a chat. */
  async seenAccount(handle: string): Promise<{ id: string; handle: string } | null> {
    return this.prisma.account.findFirst({
      where: { handle: { equals: literalPattern(handle), mode: 'insensitive' }, OR: [{ seats: { some: {} } }, { chatMessages: { some: {} } }] },
      select: { id: true, handle: true },
    });
  }

  /** Mutes `muted` for `accountId` unless `check` throws on the mutes the account holds (counted under its lock). */
  async mute(accountId: string, muted: string, check: (held: number) => void): Promise<Date> {
    return this.prisma.$transaction(async (tx) => {
      await lockAccountRow(tx, accountId);
      const existing = await tx.chatMute.findUnique({ where: { accountId_mutedAccountId: { accountId, mutedAccountId: muted } }, select: { createdAt: true } });
      if (existing) return existing.createdAt;
      check(await tx.chatMute.count({ where: { accountId } }));
      const row = await tx.chatMute.create({ data: { accountId, mutedAccountId: muted }, select: { createdAt: true } });
      return row.createdAt;
    });
  }

  async unmute(accountId: string, muted: string): Promise<void> {
    await this.prisma.chatMute.deleteMany({ where: { accountId, mutedAccountId: muted } });
  }

  /** Oldest first. */
  async mutes(accountId: string): Promise<{ handle: string; mutedAt: Date }[]> {
    const rows = await this.prisma.chatMute.findMany({
      where: { accountId },
      orderBy: [{ createdAt: 'asc' }, { mutedAccountId: 'asc' }],
      select: { createdAt: true, muted: { select: { handle: true } } },
    });
    return rows.map((row) => ({ handle: row.muted.handle, mutedAt: row.createdAt }));
  }
}

/** One writer at a time per game's chat, until the transaction ends. */
async function lockGameChat(tx: PrismaTransaction, gameId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`chat:${gameId}`}, 0))`;
}
