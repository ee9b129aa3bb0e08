// Prisma CLI configuration (Prisma 7 reads the datasource URL from here, not from schema.prisma).
// The service itself never runs the CLI: it applies prisma/migrations on start-up (src/db/migrations.ts).
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  // Only `prisma migrate …` and `prisma studio` need a database; `prisma generate` does not.
  datasource: { url: process.env.DATABASE_URL },
});
