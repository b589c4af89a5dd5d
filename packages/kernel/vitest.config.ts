import { defineConfig } from 'vitest/config';
import { packageTests } from './src/test-config.js';

export default defineConfig(packageTests());
