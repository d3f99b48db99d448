/**
 * Building blocks of made-up customers, shared by the demo seed (seed.ts, modules/claims/seed.ts) and the e2e suite's
 * customers (e2e/support/customers.ts, sent to the test factory of ADR 071): contract items with their legacy list
 * prices, the assistance's towing options, bill histories and the claim photo types. Plain data with no import, so
 * the e2e suite can import it without loading the server.
 */

/** The assistance's towing options, 200 km chosen. */
export const TOWING = [
  { code: 'GUINCHO_200', name: 'Guincho até 200 km', km: 200, selected: true },
  { code: 'GUINCHO_400', name: 'Guincho até 400 km', km: 400, selected: false },
  { code: 'GUINCHO_1000', name: 'Guincho até 1.000 km', km: 1000, selected: false },
];

// Item prices are the list prices of plans outside the catalogue (a device-only plan, closed and legacy contracts); a
// catalogue plan's items are priced from the price table when inserted (seededPlanCharge, ADR 051).
/** Theft and robbery cover at `price` (cents). */
export const theftItem = (price: number) => ({
  code: 'ROUBO_FURTO',
  name: 'Garantia contra roubo e furto',
  kind: 'roubo_furto' as const,
  price,
});
export const TRACKER_ITEM = { code: 'RASTREADOR', name: 'Rastreamento 24h', kind: 'rastreador' as const, price: 2990 };
export const ASSISTANCE_ITEM = { code: 'ASSIST_24H', name: 'Assistência 24h', kind: 'assistencia' as const, price: 1490, sub: TOWING };
export const COLLISION_ITEM = { code: 'COLISAO', name: 'Cobertura de colisão', kind: 'colisao' as const, price: 4990 };
export const GLASS_ITEM = { code: 'VIDROS', name: 'Cobertura de vidros', kind: 'vidros' as const, price: 990 };
export const SPARE_CAR_ITEM = { code: 'CARRO_RESERVA', name: 'Carro reserva 7 dias', kind: 'carro_reserva' as const, price: 1290 };

/** Six months paid (bill offsets in months from the last due date before today). */
export const PAID_HISTORY = [-6, -5, -4, -3, -2, -1].map((offset) => ({ offset, status: 'P' as const }));

/** The photos and documents a collision claim asks for, in the order the app asks. */
export const COLLISION_PHOTO_TYPES = [
  'cnh',
  'crlv',
  'boletim-ocorrencia',
  'frente',
  'traseira',
  'lateral-esquerda',
  'lateral-direita',
  'painel',
  'dano-detalhe',
];
/** The photos and documents a glass claim asks for. */
export const GLASS_PHOTO_TYPES = ['cnh', 'crlv', 'frente', 'para-brisa', 'vidro-detalhe'];
