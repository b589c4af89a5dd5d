import { packageTests } from '@vap/kernel/test-config';
import { defineConfig } from 'vitest/config';

export default defineConfig(packageTests({ setupFiles: ['@vap/ui/test-cleanup'] }));
