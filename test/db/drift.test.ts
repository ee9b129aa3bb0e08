// schema.prisma and the migrations must describe the same database: a change to one without the
// other fails here, with one line per difference.

import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/config.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { diffSchemaFacts, factsFromDatabase, factsFromPrismaSchema } from '../support/schema-drift.ts';

const schemaFile = path.join(PROJECT_ROOT, 'prisma', 'schema.prisma');
const schema = fs.readFileSync(schemaFile, 'utf8');

let migrated: TestDatabase;
let tampered: TestDatabase;

beforeAll(async () => {
  [migrated, tampered] = await Promise.all([createTestDatabase({ migrate: true }), createTestDatabase({ migrate: true })]);
});

afterAll(async () => {
  await Promise.all([migrated?.drop(), tampered?.drop()]);
});

async function databaseFacts(url: string) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return await factsFromDatabase(client);
  } finally {
    await client.end();
  }
}

describe('schema.prisma against the migrated database', () => {
  it('agree on every table, column, key, index and foreign key', async () => {
    const differences = diffSchemaFacts(factsFromPrismaSchema(schema), await databaseFacts(migrated.url));
    expect(differences, `schema.prisma and prisma/migrations disagree:\n${differences.join('\n')}`).toEqual([]);
  });

  it('describe the event store: per-game tables keyed by (game_id, seq) with game_id leading', () => {
    const facts = factsFromPrismaSchema(schema);
    expect(facts.get('commands.primaryKey')).toBe('commands_pkey (game_id, seq)');
    expect(facts.get('events.primaryKey')).toBe('events_pkey (game_id, seq)');
    expect(facts.get('snapshots.primaryKey')).toBe('snapshots_pkey (game_id, version)');
    expect(facts.get('idempotency_keys.primaryKey')).toBe('idempotency_keys_pkey (caller_id, key)');
    for (const [key, value] of facts) {
      if (/^(commands|events|snapshots)\.(primaryKey|index|foreignKey)/.test(key)) expect(value, key).toMatch(/\(game_id[,)]/);
    }
  });
});

describe('the drift check itself', () => {
  it('notices a database changed behind the migrations', async () => {
    const client = new pg.Client(tampered.url);
    await client.connect();
    await client.query(`
      ALTER TABLE games ALTER COLUMN status DROP DEFAULT;
      ALTER TABLE commands ALTER COLUMN seat SET NOT NULL;
      ALTER TABLE idempotency_keys ALTER COLUMN request_hash TYPE varchar(64);
      ALTER TABLE events ADD COLUMN extra integer;
      DROP INDEX games_status_created_at_idx;
      CREATE UNIQUE INDEX events_type_key ON events (type);
      ALTER TABLE snapshots DROP CONSTRAINT snapshots_game_id_fkey;
      ALTER TABLE snapshots DROP CONSTRAINT snapshots_pkey, ADD CONSTRAINT snapshots_pkey PRIMARY KEY (version, game_id);
      CREATE TABLE stray (id integer);
      DROP INDEX accounts_verified_email_key;
      CREATE UNIQUE INDEX accounts_verified_email_key ON accounts (email) WHERE email_verified_at IS NULL;`);
    await client.end();

    const differences = diffSchemaFacts(factsFromPrismaSchema(schema), await databaseFacts(tampered.url));
    expect(differences.map((line) => line.split(':')[0])).toEqual([
      'accounts.index.accounts_verified_email_key',
      'commands.column.seat',
      'events.column.extra',
      'events.index.events_type_key',
      'games.column.status',
      'games.index.games_status_created_at_idx',
      'idempotency_keys.column.request_hash',
      'snapshots.foreignKey.snapshots_game_id_fkey',
      'snapshots.primaryKey',
      'stray',
      'stray.column.id',
    ]);
  });

  it('notices schema.prisma changed without a migration', async () => {
    const edited = schema
      .replace(/^(\s+seat\s+)Int\?/m, '$1Int')
      .replace(/^(\s+type\s+String)$/m, '$1 @unique')
      .replace(/@@index\(\[expiresAt\]\)/, '@@index([expiresAt, createdAt])')
      .replace(/(command Command @relation\(fields: \[gameId, commandSeq\], references: \[gameId, seq\])\)/, '$1, onDelete: Cascade)');
    expect(edited).not.toBe(schema);
    const differences = diffSchemaFacts(factsFromPrismaSchema(edited), await databaseFacts(migrated.url));
    expect(differences.map((line) => line.split(':')[0])).toEqual([
      'commands.column.seat',
      'commands.index.commands_type_key',
      'events.foreignKey.events_game_id_command_seq_fkey',
      'idempotency_keys.index.idempotency_keys_expires_at_created_at_idx',
      'idempotency_keys.index.idempotency_keys_expires_at_idx',
    ]);
  });
});
