/** How the app greets a customer ('Olá, …!'): a person by the first name, a company by its trade name. */
export interface Greeted {
  name: string;
  tradeName?: string | null;
  cnpj: string | null;
}

/** Legal-form words that are no part of what anyone calls a company. */
const LEGAL_FORM = /[\s,]+(ltda\.?|s\.?\/?a\.?|me|epp|eireli|mei)$/i;

export function greetingName(c: Greeted): string {
  if (!c.cnpj) return c.name.trim().split(/\s+/)[0] ?? '';
  const trade = c.tradeName?.trim();
  if (trade) return trade;
  // No trade name on file: the company name without its legal form ('Transportes Horizonte Ltda' → 'Transportes Horizonte').
  let name = c.name.trim();
  while (LEGAL_FORM.test(name)) name = name.replace(LEGAL_FORM, '');
  return name;
}
