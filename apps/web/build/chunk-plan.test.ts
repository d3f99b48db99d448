import { describe, expect, it } from 'vitest';
import { chunkPlan, planGroups, type OutputChunkLike } from './chunk-plan';

const src = (p: string) => `/repo/apps/web/src/${p}`;
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], extra: Partial<OutputChunkLike> = {}): OutputChunkLike => ({
  type: 'chunk',
  fileName,
  moduleIds,
  imports,
  ...extra,
});

/** What automatic splitting gives: an entry, both layouts, two customer pages and a public page, sharing small chunks. */
const output: OutputChunkLike[] = [
  chunk('index.js', [src('main.tsx')], ['paths.js'], { isEntry: true }),
  chunk('paths.js', [src('lib/paths.ts')]),
  chunk('CustomerLayout.js', [src('features/shell/components/CustomerLayout.tsx')], ['header.js', 'logo.js', 'paths.js'], {
    isDynamicEntry: true,
    facadeModuleId: src('features/shell/components/CustomerLayout.tsx'),
  }),
  chunk('header.js', [src('features/shell/components/Header.tsx')], ['button.js']),
  chunk('button.js', [src('components/ui/Button.tsx')]),
  chunk('logo.js', [src('features/shell/components/Logo.tsx')]),
  chunk('PublicLayout.js', [src('features/public/components/PublicLayout.tsx')], ['logo.js'], {
    isDynamicEntry: true,
    facadeModuleId: src('features/public/components/PublicLayout.tsx'),
  }),
  chunk('FaqPage.js', [src('features/public/components/FaqPage.tsx')], ['button.js'], {
    isDynamicEntry: true,
    facadeModuleId: src('features/public/components/FaqPage.tsx'),
  }),
  chunk('DashboardPage.js', [src('features/dashboard/components/DashboardPage.tsx')], ['alert.js', 'money.js'], {
    isDynamicEntry: true,
    facadeModuleId: src('features/dashboard/components/DashboardPage.tsx'),
  }),
  chunk('PaymentsPage.js', [src('features/payments/components/PaymentsPage.tsx')], ['alert.js'], {
    isDynamicEntry: true,
    facadeModuleId: src('features/payments/components/PaymentsPage.tsx'),
  }),
  chunk('PlanPage.js', [src('features/plan/components/PlanPage.tsx')], ['money.js'], {
    isDynamicEntry: true,
    facadeModuleId: src('features/plan/components/PlanPage.tsx'),
  }),
  chunk('TripsPage.js', [src('features/trips/components/TripsPage.tsx')], [], {
    isDynamicEntry: true,
    facadeModuleId: src('features/trips/components/TripsPage.tsx'),
  }),
  chunk('alert.js', [src('components/ui/Alert.tsx')]),
  chunk('money.js', [src('lib/money.ts')]),
  { type: 'asset', fileName: 'style.css' },
];

describe('the chunk plan (fewer files for the logged-in routes)', () => {
  const plan = chunkPlan(output);
  const group = planGroups(plan);

  it('joins what the entry loads, what both layouts load, and what the customer layout and most pages load', () => {
    expect(group(src('lib/paths.ts'))).toBe('app-entry');
    expect(group(src('features/shell/components/Logo.tsx'))).toBe('shell-common');
    expect(group(src('features/shell/components/CustomerLayout.tsx'))).toBe('shell-customer');
    expect(group(src('features/shell/components/Header.tsx'))).toBe('shell-customer');
    // Loaded by half the customer pages or more: the pages' kit.
    expect(group(src('components/ui/Alert.tsx'))).toBe('shell-customer');
    expect(group(src('lib/money.ts'))).toBe('shell-customer');
  });

  it('never puts into the customer shell what a public page loads, nor the entry module or a page', () => {
    // The header's button is also the FAQ page's: a public page would load the whole customer shell for it.
    expect(group(src('components/ui/Button.tsx'))).toBeNull();
    expect(group(src('main.tsx'))).toBeNull();
    expect(group(src('features/dashboard/components/DashboardPage.tsx'))).toBeNull();
    expect(group(src('features/public/components/FaqPage.tsx'))).toBeNull();
  });
});
