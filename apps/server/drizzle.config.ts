import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` diffs src/db/schema against the committed migrations and writes the
// next one; migrations are applied automatically when the server starts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
