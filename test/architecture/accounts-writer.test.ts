// `accounts` has one writer (issue 29): src/store/accounts.ts holds every statement that inserts,
// updates or deletes an account row, and every other module writes through it, by a port its own
// layer owns (auth's registration and session generations, the service's account records,
// notifications' email settings and verification). A grep, like first-game-name.test.ts: raw SQL
// naming the table, and Prisma Client's `account` model, in every file of src/ but the writer.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const WRITER = 'store/accounts.ts';

/** Where writing is not looked for: the generated Prisma client. */
const SKIPPED = ['generated/'];

/** SQL that writes the table (`INSERT INTO accounts`, `UPDATE accounts`, `DELETE FROM accounts`), and Prisma Client's writes of its model. */
const WRITES = [
  /\bINSERT\s+INTO\s+accounts\b/i,
  /\bUPDATE\s+accounts\b/i,
  /\bDELETE\s+FROM\s+accounts\b/i,
  /\.account\s*\.\s*(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\s*\(/,
];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(SRC, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const writes = (text: string): boolean => WRITES.some((pattern) => pattern.test(text));

describe('the accounts table has one writer', () => {
  it('the check sees a write in each form it looks for', () => {
    expect(writes('UPDATE accounts SET preferences = $2 WHERE id = $1')).toBe(true);
    expect(writes('INSERT INTO accounts (handle) VALUES ($1)')).toBe(true);
    expect(writes('delete from accounts where id = $1')).toBe(true);
    expect(writes('await tx.account.update({ where: { id } })')).toBe(true);
    expect(writes('await this.prisma.account.updateMany({ where: { id } })')).toBe(true);
    // Reads and other tables are not writes of accounts.
    expect(writes('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE')).toBe(false);
    expect(writes('await tx.account.findUnique({ where: { id } })')).toBe(false);
    expect(writes('UPDATE accounts_archive SET x = 1')).toBe(false);
    expect(writes('await tx.accessToken.update({ where: { id } })')).toBe(false);
  });

  it(`only ${WRITER} writes it`, async () => {
    const files = await filesUnder(SRC);
    const writers: string[] = [];
    for (const file of files) {
      if (SKIPPED.some((skipped) => file.startsWith(skipped))) continue;
      if (writes(await readFile(path.join(SRC, file), 'utf8'))) writers.push(file);
    }
    // The walk reached the writer, and found it writing: the check would not pass on an empty tree.
    expect(files).toContain(WRITER);
    expect(writers).toEqual([WRITER]);
  });
});
