import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** Screenshot comparison for visual refactors (see visual/screens.spec.ts); baselines go to VISUAL_DIR. */
export default defineConfig({
  ...base,
  testDir: './visual',
  workers: 1,
  timeout: 180_000,
  expect: { timeout: 60_000 },
  snapshotPathTemplate: `${process.env.VISUAL_DIR ?? './visual-baseline'}/{arg}{ext}`,
  use: { ...base.use, animations: 'disabled', caret: 'hide' } as typeof base.use,
});
