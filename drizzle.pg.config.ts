import { defineConfig } from 'drizzle-kit';

// Team mode's migrations (PostgreSQL); drizzle.config.ts generates SQLite's from schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src-main/db/schema-pg.ts',
  out: './src-main/db/migrations-pg',
});
