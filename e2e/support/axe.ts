import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every page is held to: WCAG 2.2 A/AA and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe's violations on the page as it is now, one line each (`rule (impact): targets`), so a failing `toEqual([])`
 * names what to fix. `nameMismatch` also runs label-content-name-mismatch, off by default in axe (experimental): a
 * control whose accessible name hides its visible text (issue 30 item 9).
 */
export async function axeViolations(page: Page, { nameMismatch = false, tags = AXE_TAGS } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(tags);
  if (nameMismatch) builder = builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  const result = await builder.analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
