// The service's invitation port (src/service/ports/invites.ts) through Prisma Client: not a hot
// path (an invitation is made, read and revoked by hand). Only hashes reach the table.

import { lockLimitIn } from '../db/limit-locks.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { InviteRecord, InviteRecords } from '../service/ports/invites.ts';

const COLUMNS = { id: true, gameId: true, createdBy: true, createdAt: true, expiresAt: true, revokedAt: true } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class PrismaInviteRecords implements InviteRecords {
  private readonly prisma: PrismaClient;

  constructor(prisma: PrismaClient) {
    this.prisma = prisma;
  }

  create(input: { gameId: string; createdBy: string; tokenHash: string; expiresAt: Date }, cap: number, now: Date): Promise<InviteRecord | null> {
    return this.prisma.$transaction(async (tx) => {
      // Creations for one game wait here for each other: each counts the others' invitations.
      await lockLimitIn(tx, 'invites:game', input.gameId);
      const live = await tx.gameInvite.count({ where: { gameId: input.gameId, revokedAt: null, expiresAt: { gt: now } } });
      if (live >= cap) return null;
      return tx.gameInvite.create({ data: { ...input, createdAt: now }, select: COLUMNS });
    });
  }

  byHash(tokenHash: string): Promise<InviteRecord | null> {
    return this.prisma.gameInvite.findUnique({ where: { tokenHash }, select: COLUMNS });
  }

  live(gameId: string, now: Date): Promise<InviteRecord[]> {
    return this.prisma.gameInvite.findMany({
      where: { gameId, revokedAt: null, expiresAt: { gt: now } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: COLUMNS,
    });
  }

  async revoke(gameId: string, id: string, at: Date): Promise<InviteRecord | null> {
    if (!UUID.test(id)) return null;
    await this.prisma.gameInvite.updateMany({ where: { id, gameId, revokedAt: null }, data: { revokedAt: at } });
    return this.prisma.gameInvite.findFirst({ where: { id, gameId }, select: COLUMNS });
  }
}
