import { sql } from 'kysely';
import { addDaysIso, cents, dueDayIn } from '@guarita/domain';
import { systemClock, type Clock } from '../ports/clock';
import type { Database } from './db';
import { seedCases } from '../modules/cases/seed'; // cases (issue 9)
import { seedClaims } from '../modules/claims/seed'; // claims (issue 11)
import { seedPlanCatalogue, seededPlanCharge } from '../modules/plans/seed'; // plan catalogue (issue 12)
import type { ContractItems } from './schema';

type ContractItemKind = ContractItems['kind'];
import { seedPlanTrips } from './seed-plan-trips';
import { ASSISTANCE_ITEM, COLLISION_ITEM, GLASS_ITEM, PAID_HISTORY, SPARE_CAR_ITEM, TRACKER_ITEM, theftItem } from './seed-shapes';
import { vaultDemoCard } from '../ports/card-sandbox';

export interface SeedContract {
  nCtrId: number;
  idPlan: string;
  planName: string;
  slpCode: number | null;
  status: string;
  dueDay: number;
  start: string;
  /** Coverage started this many days before today (overrides `start`; the spare-car grace demo). */
  startDaysAgo?: number;
  end?: string;
  tracker: boolean;
  fipeLimit: number;
  /** CAT_AGRAVO_* of the vehicle (plan pricing, ADR 051); light vehicle unless given */
  vehicleType?: 'CAT_AGRAVO_VEICULO_LEVE' | 'CAT_AGRAVO_PICKUP_CAM' | 'CAT_AGRAVO_OUTROS';
  /**
   * Monthly fee of a plan outside the catalogue (legacy plans, no price to use). A catalogue plan's fee and its
   * items' prices are computed from the price table (seededPlanCharge, ADR 051), whatever the items say.
   */
  fee?: number;
  card?: { last4: string; brand: 'mc' | 'visa' | 'amex' };
  idIndc?: string;
  vehicle?: { plate: string; model: string; manufacturer: string; year: number };
  items: Array<{
    code: string;
    name: string;
    kind: ContractItemKind;
    price: number;
    sub?: Array<{ code: string; name: string; km: number; selected: boolean }>;
  }>;
  /**
   * Bills in months from the last due date before today (0 = that one, 1 = the next). With `paidThisMonth`,
   * 0 is this month's due date even when still ahead (paid early), so the contract can always be advanced.
   */
  paidThisMonth?: boolean;
  bills: Array<{
    offset: number;
    status: 'I' | 'A' | 'P';
    /** overdue (I) bills: 2 % fine and 1 % a month of interest for 20 days unless given */
    fine?: number;
    interest?: number;
    /** Due this many days before today (overrides `offset`) and paid this many hours ago: a late payment just regularised. */
    lateRegularised?: { dueDaysAgo: number; paidHoursAgo: number };
  }>;
}

export interface SeedCustomer {
  document: string;
  kind: 'cpf' | 'cnpj';
  name: string;
  tradeName?: string;
  email: string | null;
  phone: string | null;
  smsPhone: string | null;
  addresses: Array<{
    type: 'Cobrança' | 'Entrega';
    street: string;
    no: string;
    building?: string;
    block: string;
    city: string;
    state: string;
    zip: string;
  }>;
  contracts: SeedContract[];
}

/**
 * A billing address in Belo Horizonte: the first demo customer's (with her flat number) and the one a factory-made
 * customer gets unless its test gives another (the e2e factory, ADR 071; the API test factories, ADR 070).
 */
export const BH_BILLING_ADDRESS: SeedCustomer['addresses'][number] = {
  type: 'Cobrança',
  street: 'Rua da Bahia',
  no: '1148',
  block: 'Centro',
  city: 'Belo Horizonte',
  state: 'MG',
  zip: '30160011',
};

// Contract items (legacy list prices; a catalogue plan's items are priced from the price table when seeded) and the
// paid history, as the e2e suite's customers build them too.
const base = theftItem;
const tracker = TRACKER_ITEM;
const assistance = ASSISTANCE_ITEM;
const collision = COLLISION_ITEM;
const glass = GLASS_ITEM;
const spareCar = SPARE_CAR_ITEM;
const paidHistory = PAID_HISTORY;

/** A Guarita Completo contract of the spare-car demo customer: paid up, covered for a year unless told otherwise. */
function spareCarDemo(
  nCtrId: number,
  plate: string,
  model: string,
  manufacturer: string,
  over: Partial<Pick<SeedContract, 'startDaysAgo' | 'bills'>> = {},
): SeedContract {
  return {
    nCtrId,
    idPlan: 'GUARITA_COMPLETO_MG',
    planName: 'Guarita Completo',
    slpCode: 45,
    status: 'Ativo',
    dueDay: 5,
    start: '2025-09-05',
    // The plan's tracking service is billed; the device is not installed yet (no positions, no map of its own).
    tracker: false,
    fipeLimit: 9_500_000,
    card: { last4: '4242', brand: 'visa' },
    vehicle: { plate, model, manufacturer, year: 2022 },
    // Guarita Completo requires the tracker service, so every contract on it has one.
    items: [base(8240), tracker, assistance, collision, spareCar],
    bills: paidHistory,
    ...over,
  };
}

export const DEMO_CUSTOMERS: SeedCustomer[] = [
  {
    document: '52998224725',
    kind: 'cpf',
    name: 'Maria Aparecida Souza',
    email: 'maria.souza@example.com',
    phone: '31987654321',
    smsPhone: '31987654321',
    addresses: [
      { ...BH_BILLING_ADDRESS, building: 'Apto 702' },
      { type: 'Entrega', street: 'Rua Pernambuco', no: '353', block: 'Funcionários', city: 'Belo Horizonte', state: 'MG', zip: '30130150' },
    ],
    contracts: [
      {
        nCtrId: 100101,
        idPlan: 'GUARITA_COMPLETO_MG',
        planName: 'Guarita Completo',
        slpCode: 45,
        status: 'Ativo',
        dueDay: 10,
        start: '2025-03-10',
        tracker: true,
        fipeLimit: 9_500_000,
        card: { last4: '4242', brand: 'visa' },
        idIndc: 'MARIA10',
        vehicle: { plate: 'RTA1B23', model: 'Onix LT 1.0', manufacturer: 'Chevrolet', year: 2022 },
        items: [base(8240), tracker, assistance, collision, glass],
        bills: [...paidHistory, { offset: 0, status: 'I' }, { offset: 1, status: 'A' }],
      },
      {
        nCtrId: 100102,
        // On purpose without the state suffix: its plan change answers 'Estado não encontrado no plano' (001 §5).
        idPlan: 'GUARITA_RASTREADOR',
        planName: 'Guarita Rastreador',
        slpCode: 45,
        status: 'Ativo',
        dueDay: 10,
        start: '2025-08-10',
        tracker: true,
        fipeLimit: 0,
        fee: 4990,
        card: { last4: '5454', brand: 'mc' },
        items: [tracker, assistance],
        bills: [...paidHistory, { offset: 0, status: 'P' }, { offset: 1, status: 'A' }],
      },
      {
        nCtrId: 100103,
        idPlan: 'GUARITA_ESSENCIAL',
        planName: 'Guarita Essencial',
        slpCode: 16,
        status: 'Encerrado',
        dueDay: 5,
        start: '2023-02-05',
        end: '2024-02-05',
        tracker: false,
        fipeLimit: 4_000_000,
        fee: 8990,
        vehicle: { plate: 'HJK4C56', model: 'Uno Way 1.0', manufacturer: 'Fiat', year: 2014 },
        items: [base(7500), assistance],
        bills: [],
      },
      {
        nCtrId: 100104,
        idPlan: 'GUARITA_ESSENCIAL_ANUAL_MG',
        planName: 'Guarita Essencial Anual',
        slpCode: null,
        status: 'Ativo',
        dueDay: 20,
        start: '2026-01-20',
        tracker: false,
        fipeLimit: 12_000_000,
        card: { last4: '0005', brand: 'amex' },
        paidThisMonth: true,
        vehicle: { plate: 'QWE7D89', model: 'Civic EXL 2.0', manufacturer: 'Honda', year: 2020 },
        items: [base(8000), assistance, collision],
        bills: [...paidHistory, { offset: 0, status: 'P' }, { offset: 1, status: 'A' }],
      },
    ],
  },
  {
    document: '11144477735',
    kind: 'cpf',
    name: 'João Pedro Lima',
    email: 'joao.lima@example.com',
    phone: null,
    smsPhone: null,
    addresses: [
      {
        type: 'Cobrança',
        street: 'Avenida Brasil',
        no: '500',
        block: 'Santa Efigênia',
        city: 'Belo Horizonte',
        state: 'MG',
        zip: '30140001',
      },
    ],
    contracts: [
      {
        nCtrId: 200201,
        idPlan: 'GUARITA_RECUP_MG',
        planName: 'Guarita Recuperação',
        slpCode: 19,
        status: 'Ativo',
        dueDay: 15,
        start: '2025-11-15',
        tracker: true,
        fipeLimit: 5_000_000,
        card: { last4: '1111', brand: 'visa' },
        vehicle: { plate: 'PQR2E34', model: 'Gol 1.6', manufacturer: 'Volkswagen', year: 2018 },
        items: [base(5000), tracker],
        bills: [...paidHistory, { offset: 0, status: 'P' }, { offset: 1, status: 'A' }],
      },
    ],
  },
  {
    document: '11222333000181',
    kind: 'cnpj',
    name: 'Transportes Horizonte Ltda',
    tradeName: 'Horizonte Cargas',
    email: 'financeiro@horizonte.example.com',
    phone: '3133334444',
    smsPhone: '31999887766',
    addresses: [
      {
        type: 'Cobrança',
        street: 'Avenida do Contorno',
        no: '6594',
        building: 'Sala 1201',
        block: 'Savassi',
        city: 'Belo Horizonte',
        state: 'MG',
        zip: '30110044',
      },
    ],
    contracts: [
      {
        nCtrId: 300301,
        idPlan: 'GUARITA_COBRE_FROTA_MG',
        planName: 'Guarita Cobre Frota',
        slpCode: 31,
        status: 'Ativo',
        dueDay: 5,
        start: '2024-06-05',
        tracker: true,
        fipeLimit: 15_000_000,
        card: { last4: '4444', brand: 'mc' },
        vehicleType: 'CAT_AGRAVO_OUTROS',
        vehicle: { plate: 'FRT5G67', model: 'Fiorino Endurance 1.4', manufacturer: 'Fiat', year: 2023 },
        items: [base(12000), tracker, assistance, collision, spareCar],
        bills: [...paidHistory, { offset: 0, status: 'I' }, { offset: 1, status: 'A' }],
      },
    ],
  },
  {
    document: '12ABC34501DE35',
    kind: 'cnpj',
    name: 'Alfa Numérica Logística S.A.',
    tradeName: 'Alfa Log',
    email: 'contato@alfanumerica.example.com',
    phone: '1140028922',
    smsPhone: '11988776655',
    addresses: [
      {
        type: 'Cobrança',
        street: 'Avenida Paulista',
        no: '1000',
        building: '10º andar',
        block: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        zip: '01310100',
      },
    ],
    contracts: [
      {
        nCtrId: 400401,
        idPlan: 'GUARITA_COMPLETO_SP',
        planName: 'Guarita Completo',
        slpCode: 76,
        status: 'Ativo',
        // Due on the last day of the month (31 is clamped): its bill of the month is always still to be
        // debited, so this contract shows 'Antecipação não disponível' on every date.
        dueDay: 31,
        start: '2026-07-31',
        tracker: true,
        fipeLimit: 11_000_000,
        card: { last4: '8888', brand: 'visa' },
        vehicleType: 'CAT_AGRAVO_PICKUP_CAM',
        vehicle: { plate: 'ALF8H90', model: 'Hilux SRV 2.8', manufacturer: 'Toyota', year: 2024 },
        // Assistance without towing: its plan change can add towing with a km choice.
        items: [base(9000), tracker, { ...assistance, sub: [] }, glass],
        bills: [
          { offset: -2, status: 'P' },
          { offset: -1, status: 'P' },
          { offset: 0, status: 'P' },
          { offset: 1, status: 'A' },
        ],
      },
    ],
  },
  {
    // One contract, one overdue bill and nothing else: a short journey to pay it by Pix.
    document: '71460238001',
    kind: 'cpf',
    name: 'Pedro Henrique Alves',
    email: null,
    phone: '21987651234',
    smsPhone: '21987651234',
    addresses: [
      {
        type: 'Cobrança',
        street: 'Rua Voluntários da Pátria',
        no: '45',
        block: 'Botafogo',
        city: 'Rio de Janeiro',
        state: 'RJ',
        zip: '22270000',
      },
    ],
    contracts: [
      {
        nCtrId: 500501,
        idPlan: 'GUARITA_COMPLETO_RJ',
        planName: 'Guarita Completo',
        slpCode: 45,
        status: 'Ativo',
        dueDay: 10,
        start: '2025-06-10',
        tracker: true,
        fipeLimit: 9_500_000,
        card: { last4: '4242', brand: 'visa' },
        vehicle: { plate: 'RJX5F67', model: 'HB20 1.0', manufacturer: 'Hyundai', year: 2021 },
        items: [base(8240), tracker, assistance, collision, glass],
        bills: [...paidHistory, { offset: 0, status: 'I' }, { offset: 1, status: 'A' }],
      },
    ],
  },
  {
    // Notifications (issue 13 §3): nothing open; a glass claim opened here and worked in the console shows the bell
    // counting up. (The e2e suite makes its own customers, ADR 071.)
    document: '82451963042',
    kind: 'cpf',
    name: 'Lúcia Ferreira Gomes',
    email: 'lucia.gomes@example.com',
    phone: '31977665544',
    smsPhone: '31977665544',
    addresses: [
      {
        type: 'Cobrança',
        street: 'Rua da Bahia',
        no: '1148',
        block: 'Centro',
        city: 'Belo Horizonte',
        state: 'MG',
        zip: '30160011',
      },
    ],
    contracts: [
      {
        nCtrId: 700701,
        idPlan: 'GUARITA_COMPLETO_MG',
        planName: 'Guarita Completo',
        slpCode: 19,
        status: 'Ativo',
        dueDay: 15,
        start: '2025-08-15',
        tracker: false,
        fipeLimit: 9_000_000,
        card: { last4: '4242', brand: 'visa' },
        vehicle: { plate: 'LUC7G89', model: 'Onix Plus 1.0', manufacturer: 'Chevrolet', year: 2022 },
        // Fee and prices from the price table (ADR 051); Guarita Completo bills the tracking service (no device yet).
        items: [base(8000), tracker, assistance, collision, glass],
        bills: [...paidHistory, { offset: 0, status: 'P' }, { offset: 1, status: 'A' }],
      },
    ],
  },
  {
    // Back office (issue 13): due day 10, nothing open: a due-date change to send and approve in the console.
    document: '84726153919',
    kind: 'cpf',
    name: 'Beatriz Nogueira Campos',
    email: 'beatriz.campos@example.com',
    phone: '31993456789',
    smsPhone: '31993456789',
    addresses: [
      { type: 'Cobrança', street: 'Rua da Bahia', no: '1148', block: 'Centro', city: 'Belo Horizonte', state: 'MG', zip: '30160011' },
    ],
    contracts: [
      {
        nCtrId: 800801,
        idPlan: 'GUARITA_COMPLETO_MG',
        planName: 'Guarita Completo',
        slpCode: 45,
        status: 'Ativo',
        dueDay: 10,
        start: '2025-07-10',
        tracker: false,
        fipeLimit: 9_000_000,
        card: { last4: '4242', brand: 'visa' },
        vehicle: { plate: 'BTZ7G89', model: 'Polo Track 1.0', manufacturer: 'Volkswagen', year: 2023 },
        // Fee and prices from the price table (ADR 051); Guarita Completo bills the tracking service (no device yet).
        items: [base(8240), tracker, assistance, collision],
        bills: [...paidHistory, { offset: 0, status: 'P' }, { offset: 1, status: 'A' }],
      },
    ],
  },
  {
    // Spare car (issue 12 §5): one contract per blocking rule of 001 §4, each with its own vehicle.
    document: '28371946546',
    kind: 'cpf',
    name: 'Carla Mendes Ribeiro',
    email: 'carla.ribeiro@example.com',
    phone: '31991234567',
    smsPhone: '31991234567',
    addresses: [
      {
        type: 'Cobrança',
        street: 'Avenida do Contorno',
        no: '6061',
        block: 'Savassi',
        city: 'Belo Horizonte',
        state: 'MG',
        zip: '30110929',
      },
    ],
    contracts: [
      spareCarDemo(600601, 'GRC1A01', 'Kwid Zen 1.0', 'Renault', { startDaysAgo: 10, bills: [{ offset: 1, status: 'A' }] }), // 30-day grace
      spareCarDemo(600602, 'PGT2B02', 'Argo Drive 1.0', 'Fiat', {
        bills: [...paidHistory.slice(0, 5), { offset: -1, status: 'P', lateRegularised: { dueDaysAgo: 6, paidHoursAgo: 20 } }],
      }), // paid an overdue bill 20 h ago
      spareCarDemo(600603, 'FRT3C03', 'Gol 1.0', 'VW - VolksWagen'), // a theft case 10 days ago (cases seed)
      spareCarDemo(600604, 'CLS4D04', 'HB20 Comfort 1.0', 'Hyundai'), // a collision in Análise (claims seed)
      spareCarDemo(600605, 'TRC5E05', 'Kicks SV 1.6', 'Nissan'), // a collision with third parties (claims seed)
      // Free of every rule: a spare-car request can be sent from it.
      spareCarDemo(600606, 'LVR6F06', 'Mobi Like 1.0', 'Fiat'),
      {
        // A plan no longer sold: not in MG's list, so its plan change answers 'Seu plano atual não está disponível
        // para alteração…' (001 §5/§8) from real data.
        nCtrId: 600607,
        idPlan: 'GUARITA_CLASSICO_MG',
        planName: 'Guarita Clássico',
        slpCode: 45,
        status: 'Ativo',
        dueDay: 5,
        start: '2021-04-05',
        tracker: false,
        fipeLimit: 6_000_000,
        fee: 10780, // its items: 83,00 + 14,90 + 9,90
        card: { last4: '4242', brand: 'visa' },
        vehicle: { plate: 'CLA7G07', model: 'Sandero Expression 1.0', manufacturer: 'Renault', year: 2016 },
        items: [base(8300), assistance, glass],
        bills: paidHistory,
      },
    ],
  },
];

/** Loads the demo customers once (only into an empty database). Bill dates follow the clock's today. */
export async function seedDemo(db: Database, clock: Pick<Clock, 'today' | 'now'> = systemClock): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    // Several instances may start at once on PostgreSQL: one seeds, the others wait and find data.
    await sql`SELECT pg_advisory_xact_lock(724275)`.execute(tx);
    // Plan and trips data (issue 10) also reaches a database seeded before those tables existed.
    if (await tx.selectFrom('customers').select('id').limit(1).executeTakeFirst()) {
      await seedClaims(tx, clock); // claims (issue 11) also reach a database seeded before them
      await seedPlanCatalogue(tx); // the plan catalogue (issue 12) too
      return seedPlanTrips(tx, clock);
    }
    for (const c of DEMO_CUSTOMERS) await insertCustomer(tx, c, clock);
    await seedPlanTrips(tx, clock);
    await seedCases(tx); // cases (issue 9)
    await seedClaims(tx, clock); // claims (issue 11)
    await seedPlanCatalogue(tx); // plan catalogue and prices (issue 12)
    return true;
  });
}

/**
 * Inserts one customer with addresses, contracts, items and bills (the demo seed, and the e2e factory of ADR 071).
 * Bill dates follow the clock's today. Answers the customer's id.
 */
export async function insertCustomer(tx: Database, c: SeedCustomer, clock: Pick<Clock, 'today' | 'now'>): Promise<number> {
  const today = clock.today();
  const thisMonth = `${today.slice(0, 7)}-01`;
  // The last due date strictly before today, so an 'I' bill is really overdue and an 'A' one is still ahead.
  const anchorFor = (dueDay: number) => {
    const thisDue = dueDayIn(thisMonth, 0, dueDay);
    return thisDue < today ? 0 : -1;
  };
  const { id: customerId } = await tx
    .insertInto('customers')
    .values({
      document: c.document,
      kind: c.kind,
      name: c.name,
      trade_name: c.tradeName ?? null,
      email: c.email,
      phone: c.phone,
      sms_phone: c.smsPhone,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const a of c.addresses) {
    await tx
      .insertInto('addresses')
      .values({
        customer_id: customerId,
        address_type: a.type,
        street: a.street,
        street_no: a.no,
        building: a.building ?? null,
        block: a.block,
        city: a.city,
        state: a.state,
        zip_code: a.zip,
      })
      .execute();
  }
  for (const k of c.contracts) {
    const vehicleType = k.vehicleType ?? 'CAT_AGRAVO_VEICULO_LEVE';
    const charge = seededPlanCharge({
      idPlan: k.idPlan,
      fipeLimit: cents(k.fipeLimit),
      vehicleType,
      items: k.items.map((i) => ({ kind: i.kind, subItems: (i.sub ?? []).map((s) => ({ towingKm: s.km, selected: s.selected })) })),
    });
    const fee = charge?.fee ?? k.fee;
    if (fee === undefined) throw new Error(`seed: contract ${k.nCtrId} has no fee and its plan is not in the catalogue`);
    await tx
      .insertInto('contracts')
      .values({
        n_ctr_id: k.nCtrId,
        customer_id: customerId,
        id_plan: k.idPlan,
        plan_name: k.planName,
        slp_code: k.slpCode,
        status: k.status,
        cancelled: false,
        due_day: k.dueDay,
        validity_start: k.startDaysAgo === undefined ? k.start : addDaysIso(today, -k.startDaysAgo),
        validity_end: k.end ?? null,
        possui_dispositivo: k.tracker,
        fipe_limit_cents: k.fipeLimit,
        monthly_fee_cents: fee,
        card_summary: k.card?.last4 ?? null,
        card_brand: k.card?.brand ?? null,
        id_indc: k.idIndc ?? null,
        plate: k.vehicle?.plate ?? null,
        model: k.vehicle?.model ?? null,
        manufacturer: k.vehicle?.manufacturer ?? null,
        model_year: k.vehicle?.year ?? null,
        vehicle_type: vehicleType,
      })
      .execute();
    // The card on file exists at the card provider too: the sandbox declines a contract it has no card for.
    if (k.card) await vaultDemoCard(tx, `contract:${k.nCtrId}`, k.card);
    for (const [index, item] of k.items.entries()) {
      const it = await tx
        .insertInto('contract_items')
        .values({
          n_ctr_id: k.nCtrId,
          code: item.code,
          name: item.name,
          kind: item.kind,
          price_cents: charge?.itemPrices[index] ?? item.price,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const s of item.sub ?? []) {
        await tx
          .insertInto('contract_sub_items')
          .values({ item_id: it.id, code: s.code, name: s.name, towing_km: s.km, selected: s.selected })
          .execute();
      }
    }
    for (const b of k.bills) {
      const late = b.lateRegularised;
      const due = late
        ? addDaysIso(today, -late.dueDaysAgo)
        : dueDayIn(thisMonth, (k.paidThisMonth ? 0 : anchorFor(k.dueDay)) + b.offset, k.dueDay);
      await tx
        .insertInto('bills')
        .values({
          n_ctr_id: k.nCtrId,
          doc_due_date: due,
          doc_total: fee,
          valor_multa: b.fine ?? (b.status === 'I' ? Math.round(fee * 0.02) : 0),
          valor_juros: b.interest ?? (b.status === 'I' ? Math.round((fee * 0.01 * 20) / 30) : 0),
          id_status: b.status,
          paid_at: late
            ? new Date(clock.now().getTime() - late.paidHoursAgo * 3_600_000)
            : b.status === 'P'
              ? new Date(`${due}T12:00:00Z`)
              : null,
        })
        .execute();
    }
  }
  return customerId;
}
