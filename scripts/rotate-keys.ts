// Rotates the key that signs tokens: node --import tsx scripts/rotate-keys.ts [--compromised]
//
// A new key becomes active at once in every running instance: each holds its keys in memory and
// reloads them when it hears the rotation's NOTIFY (at worst within 60 s, if its listening
// connection was down). The old key stays published at /.well-known/jwks.json and keeps
// verifying the tokens it signed until they have expired: sessions within SESSION_TTL_SECONDS,
// personal access tokens until they expire or are revoked (src/auth/keys.ts explains why).
// With --compromised the old key is dropped at once, and every token it signed is refused.
//
// Uses DATABASE_URL; else the embedded Postgres under DATA_DIR, whether `npm start` runs or not.
// With SIGNING_KEY_SECRET, the new key is stored encrypted with it, as the service stores keys.

import { parseArgs } from 'node:util';
import { KeySealer } from '../src/auth/key-encryption.ts';
import { KEY_CACHE_MS, KeyStore, rotateSigningKey } from '../src/auth/keys.ts';
import { loadConfig } from '../src/config/config.ts';
import { createLogger } from '../src/config/logger.ts';
import { createPool, openDatabase } from '../src/db/database.ts';
import { installJobQueue } from '../src/jobs/queue.ts';
import { embeddedDatabaseUrl } from '../src/db/embedded-postgres.ts';
import { postgresUser, resolveDataDir } from '../src/db/embedded-cluster.ts';

const { values } = parseArgs({ options: { compromised: { type: 'boolean', default: false } } });
const config = loadConfig();
const logger = createLogger('warn');

// The embedded Postgres of a running `npm start` is reached directly; else as the service would.
const running = config.databaseUrl
  ? undefined
  : embeddedDatabaseUrl(resolveDataDir(config.dataDir, { isDefault: config.dataDirIsDefault, runAs: postgresUser() }));
const db = running ? { pool: createPool(running, 2, logger), close: async () => undefined } : await openDatabase(config, logger, { prepare: installJobQueue });
try {
  const rotation = await rotateSigningKey(
    db.pool,
    { sessionTtlSeconds: config.sessionTtlSeconds },
    { compromised: values.compromised, sealer: new KeySealer(config.signingKeySecrets) },
  );
  console.log(`active key:  ${rotation.activeKid}`);
  if (!rotation.retiredKid) {
    console.log('retired key: none (there was no active key)');
  } else if (values.compromised) {
    console.log(`retired key: ${rotation.retiredKid}, dropped: its tokens are refused (by running services at once; at worst within ${KEY_CACHE_MS / 1000} s)`);
  } else if (rotation.retiredKeyExpiresAt === null) {
    console.log(`retired key: ${rotation.retiredKid}, kept while personal access tokens without expiry that it signed are not revoked`);
  } else {
    console.log(`retired key: ${rotation.retiredKid}, verifies its tokens until ${rotation.retiredKeyExpiresAt?.toISOString()}`);
  }
  const published = await new KeyStore(db.pool, { sessionTtlSeconds: config.sessionTtlSeconds }).publishedKeys();
  console.log(`published:   ${published.length} key(s) at /.well-known/jwks.json`);
} finally {
  if (running) await db.pool.end();
  await db.close();
}
