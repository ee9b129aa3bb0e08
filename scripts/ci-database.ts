// For .ci/run: a throw-away database on an existing Postgres server.
//
//   node --import tsx scripts/ci-database.ts probe  <server-url>          exit 0 when the server answers
//   node --import tsx scripts/ci-database.ts create <server-url> <name>   prints the new database's URL
//   node --import tsx scripts/ci-database.ts drop   <server-url> <name>   drops it and the <name>_t_* ones tests made

import pg from 'pg';

const [command, serverUrl, name] = process.argv.slice(2);

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function requireName(): string {
  if (!name || !/^[a-z0-9_]{1,40}$/.test(name)) throw new Error(`a database name of [a-z0-9_], at most 40 characters, is required (got ${name})`);
  return name;
}

try {
  if (!serverUrl) throw new Error('usage: ci-database.ts probe|create|drop <server-url> [name]');
  switch (command) {
    case 'probe':
      await withServer((client) => client.query('SELECT 1'));
      break;
    case 'create': {
      const database = requireName();
      await withServer((client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`));
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      console.log(url.toString());
      break;
    }
    case 'drop': {
      const database = requireName();
      const dropped = await withServer(async (client) => {
        const { rows } = await client.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $1 || '_t_')`,
          [database],
        );
        for (const row of rows) await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(row.datname)} WITH (FORCE)`);
        return rows.length;
      });
      console.log(`dropped ${dropped} database(s) named ${database}*`);
      break;
    }
    default:
      throw new Error(`unknown command ${command}`);
  }
} catch (error) {
  console.error(`ci-database: ${(error as Error).message}`);
  process.exit(1);
}
