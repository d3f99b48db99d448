import { cents, type Cents } from '../money';
/**
 * What each plan includes (001 §9, 002 §2.6), as configuration per plan family. The screen renders these
 * facts; it never holds the text itself. Money in cents.
 */
export interface PlanContents {
  assistance24h: { towingKm: number; lodgingPeople: number } | null;
  reserveCarDays: number | null;
  thirdPartyCoverCents: Cents | null;
  passengerDeathInvalidityCents: Cents | null;
  passengerHospitalCents: Cents | null;
  /** payout share of FIPE for rideshare, taxi and delivery vehicles */
  commercialPayoutPercent: number;
  /** payout share for special vehicles */
  specialVehiclePayoutPercent: number;
}

const FULL: PlanContents = {
  assistance24h: { towingKm: 400, lodgingPeople: 5 },
  reserveCarDays: 7,
  thirdPartyCoverCents: cents(100_000_00),
  passengerDeathInvalidityCents: cents(10_000_00),
  passengerHospitalCents: cents(3_000_00),
  commercialPayoutPercent: 100,
  specialVehiclePayoutPercent: 70,
};

/** Plan families by a marker in idPlan, most specific first; the first match wins. */
const BY_FAMILY: ReadonlyArray<[marker: string, contents: PlanContents]> = [
  [
    'RASTREADOR',
    { ...FULL, reserveCarDays: null, thirdPartyCoverCents: null, passengerDeathInvalidityCents: null, passengerHospitalCents: null },
  ],
  [
    'RECUP',
    {
      ...FULL,
      assistance24h: null,
      reserveCarDays: null,
      thirdPartyCoverCents: null,
      passengerDeathInvalidityCents: null,
      passengerHospitalCents: null,
    },
  ],
  ['ESSENCIAL', { ...FULL, thirdPartyCoverCents: null, passengerDeathInvalidityCents: null, passengerHospitalCents: null }],
  ['COMPLETO', FULL],
  ['COBRE', FULL],
];

export function planContents(idPlan: string): PlanContents {
  const id = idPlan.toUpperCase();
  return BY_FAMILY.find(([marker]) => id.includes(marker))?.[1] ?? FULL;
}

/** The plan facts as the customer reads them (pt-BR), one line each, in a stable order. */
export function planContentLines(c: PlanContents, formatMoney: (cents: number) => string): string[] {
  const lines: string[] = [];
  if (c.assistance24h)
    lines.push(
      `Assistência 24h com reboque de até ${c.assistance24h.towingKm} km e hospedagem para até ${c.assistance24h.lodgingPeople} pessoas`,
    );
  if (c.reserveCarDays) lines.push(`Carro reserva por ${c.reserveCarDays} dias`);
  if (c.thirdPartyCoverCents) lines.push(`Cobertura a terceiros de até ${formatMoney(c.thirdPartyCoverCents)}`);
  if (c.passengerDeathInvalidityCents && c.passengerHospitalCents)
    lines.push(
      `${formatMoney(c.passengerDeathInvalidityCents)} por passageiro em caso de morte ou invalidez e ${formatMoney(c.passengerHospitalCents)} para despesas hospitalares`,
    );
  lines.push(`Indenização de ${c.commercialPayoutPercent}% para veículos de aplicativo, táxi e entrega`);
  lines.push(`Indenização de ${c.specialVehiclePayoutPercent}% para veículos especiais`);
  return lines;
}
