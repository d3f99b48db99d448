/** Money is integer cents end to end. */
export type Cents = number;

/**
 * 'R$ 1.234,56' (a plain space after 'R$'; '-R$ 1,00' when negative), the same text Intl's pt-BR currency
 * format gives (the tests hold it to that) without creating an Intl formatter: the browser's first one
 * loads locale data in a long task, which was most of the dashboard's blocking time.
 */
export function formatMoney(cents: Cents): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${rounded < 0 ? '-' : ''}R$ ${units},${fraction}`;
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((a, b) => a + b, 0);
}
