import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // core/db/devices.ts: the fleet's tables, which every layer reads, beside the companies and users;
  // core/db/jobs.ts: the device job engine's, whose jobs more than one module runs.
  schema: [
    './src/core/**/schema.ts',
    './src/core/db/devices.ts',
    './src/core/db/jobs.ts',
    './src/modules/*/schema.ts',
  ],
  out: './drizzle',
});
