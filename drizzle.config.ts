import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes a new migration from the schema; the SQL is committed and applied at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
  strict: true,
});
