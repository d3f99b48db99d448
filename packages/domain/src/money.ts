/** Money is integer cents end to end. */
export type Cents = number;

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function formatMoney(cents: Cents): string {
  // Intl puts a no-break space after 'R$'; a plain space reads and copies the same for people.
  return brl.format(cents / 100).replace(/\u00a0/g, ' ');
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((a, b) => a + b, 0);
}
