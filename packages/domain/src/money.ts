declare const centsBrand: unique symbol;
/**
 * Money is integer cents end to end. Branded so that an amount in reais (the BR Code's and the PSPs' '194.97',
 * a price typed as 194.97) cannot be passed where cents are expected: a plain number becomes Cents only through
 * `cents()` (already cents: a database column, a DTO field) or `reaisToCents()`. Any Cents is still a number for
 * arithmetic, comparison and printing; the sum or product of two Cents is a plain number until wrapped again.
 */
export type Cents = number & { readonly [centsBrand]: 'Cents' };

/** An integer that already counts cents (a database column, a DTO field) as Cents. */
export function cents(n: number): Cents {
  return n as Cents;
}

/** Reais (194.97) → cents (19497), rounded to the nearest cent. */
export function reaisToCents(reais: number): Cents {
  return Math.round(reais * 100) as Cents;
}

/** Cents → reais, for the few outside formats that want a decimal amount. */
export function centsToReais(c: Cents): number {
  return c / 100;
}

/** The no-break space between 'R$' and the amount (U+00A0, as Intl writes it). */
export const MONEY_SPACE = '\u00a0';

/**
 * 'R$ 1.234,56' with a no-break space after 'R$' (`MONEY_SPACE`; '-R$ 1,00' when negative), so a line never
 * breaks between the symbol and the amount: the same text Intl's pt-BR currency format gives (the tests hold
 * it to that) without creating an Intl formatter: the browser's first one
 * loads locale data in a long task, which was most of the dashboard's blocking time.
 * Takes a plain number: it only displays, and the amounts it shows are the API's cents fields.
 */
export function formatMoney(amountCents: number): string {
  const rounded = Math.round(amountCents);
  const abs = Math.abs(rounded);
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${rounded < 0 ? '-' : ''}R$${MONEY_SPACE}${units},${fraction}`;
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce<number>((a, b) => a + b, 0) as Cents;
}
