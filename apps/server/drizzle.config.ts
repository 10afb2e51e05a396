import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @lionrock/server` writes SQL migrations from src/db/schema.ts; they are committed
// and applied at start on both drivers (PGlite and PostgreSQL).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
