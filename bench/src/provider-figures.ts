/** Issue 27's payment-provider sections of the bench: Pix-charge and card-payment latency per adapter against its fake. */
import { cardFigures } from './card-payment';
import { pixFigures } from './pix-charge';
import type { Report } from './report';

export async function providerFigures(report: Report, parts: { pix: boolean; card: boolean }): Promise<void> {
  if (parts.pix) await pixFigures(report);
  if (parts.card) await cardFigures(report);
}
