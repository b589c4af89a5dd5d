import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // core/db/devices.ts: the fleet's tables, which every layer reads, beside the companies and users.
  schema: ['./src/core/**/schema.ts', './src/core/db/devices.ts', './src/modules/*/schema.ts'],
  out: './drizzle',
});
