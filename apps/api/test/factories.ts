import { randomInt } from 'node:crypto';
import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { EMPTY_CLAIM_FORM, cents, saoPauloDateTime, type ClaimFormValues, type StaffRole } from '@guarita/domain';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_CLAIMS, insertClaim, type SeedClaim } from '../src/modules/claims/seed';
import { DEMO_CASES, insertCase, type SeedCase } from '../src/modules/cases/seed';
import { seededPlanCharge } from '../src/modules/plans/seed';
import { insertReferrals, insertRequiredSubItem, insertTrips } from '../src/db/seed-plan-trips';
import { BH_BILLING_ADDRESS } from '../src/db/seed';
import { vaultDemoCard } from '../src/ports/card-sandbox';
import type { ContractItems } from '../src/db/schema';
import type { LoginResult, TestApp } from './helpers';
import { STAFF_COOKIE, staffLoginRequest } from './staff-helpers';

/**
 * Test data made for the test that needs it (ADR 070): a customer of its own, its contracts and bills, its login.
 * Nothing here reads the demo seed's customers, so a test asserts exactly on what it made and runs alone, in any
 * order, beside any other test of its file. Rows go in as the owner role (like an operator loading data); sessions
 * go through the API, as a client gets them.
 */

type ItemKind = ContractItems['kind'];

export interface CustomerRow {
  id: number;
  document: string;
  kind: 'cpf' | 'cnpj';
  name: string;
  email: string | null;
  smsPhone: string | null;
  phone: string | null;
}

export interface ContractRow {
  nCtrId: number;
  customerId: number;
  idPlan: string;
  fee: number;
  plate: string | null;
  slpCode: number | null;
  dueDay: number;
}

export interface BillRow {
  docEntry: number;
  nCtrId: number;
  due: string;
  status: 'I' | 'A' | 'P';
  docTotal: number;
  fine: number;
  interest: number;
  /** What the customer is asked to pay: total + fine + interest. */
  total: number;
}

let serial = 0;
/** Unique within a test file (each file has its own database); the random part keeps two apps of one file apart too. */
const next = () => ++serial;
const base = randomInt(0, 80) * 1000;

/** 'YYYY-MM-DD' plus `days` (calendar days; noon UTC never crosses a date line). */
export function shiftDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A unique plate in the Mercosul format (ABC1D23). */
function uniquePlate(): string {
  const n = base + next();
  const L = (i: number) => String.fromCharCode(65 + (i % 26));
  return `${L(n / 676)}${L(n / 26)}${L(n)}${n % 10}${L(n / 10)}${Math.floor(n / 100) % 10}${Math.floor(n / 1000) % 10}`;
}

/** A distinct client address per login: the per-IP login limits count one client's attempts, not the whole file's. */
export function uniqueIp(): string {
  const n = base + next();
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface CustomerInput {
  kind?: 'cpf' | 'cnpj';
  /** A CNPJ in the alphanumeric format (in force since July 2026) instead of digits only. */
  alphanumeric?: boolean;
  document?: string;
  name?: string;
  tradeName?: string | null;
  email?: string | null;
  phone?: string | null;
  smsPhone?: string | null;
  /** A billing address in Belo Horizonte (the seed's BH_BILLING_ADDRESS street) unless given (none with []). */
  addresses?: Array<{
    type?: 'Cobrança' | 'Entrega';
    street?: string;
    no?: string;
    building?: string | null;
    block?: string;
    city?: string;
    state?: string;
    zip?: string;
  }>;
}

/**
 * A customer of the test's own: by default a CPF customer reachable by SMS and e-mail, with a billing address. Needs
 * only the owner's connection (a test that builds its own servers on one database passes `{ owner }`).
 */
export async function aCustomer(t: Pick<TestApp, 'owner'>, o: CustomerInput = {}): Promise<CustomerRow> {
  const kind = o.kind ?? 'cpf';
  const n = base + next();
  const document = o.document ?? (kind === 'cpf' ? generateCpf() : generateCnpj(o.alphanumeric ? 2 : 1));
  const name = o.name ?? (kind === 'cpf' ? `Cliente Teste ${n}` : `Empresa Teste ${n} Ltda`);
  const email = o.email === undefined ? `cliente${n}@example.com` : o.email;
  const smsPhone = o.smsPhone === undefined ? `319${String(n).padStart(8, '0').slice(-8)}` : o.smsPhone;
  const phone = o.phone === undefined ? smsPhone : o.phone;
  const row = await t.owner
    .insertInto('customers')
    .values({ document, kind, name, trade_name: o.tradeName ?? null, email, phone, sms_phone: smsPhone })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const a of o.addresses ?? [{}]) {
    await t.owner
      .insertInto('addresses')
      .values({
        customer_id: row.id,
        address_type: a.type ?? BH_BILLING_ADDRESS.type,
        street: a.street ?? BH_BILLING_ADDRESS.street,
        street_no: a.no ?? String(n % 2000),
        building: a.building ?? null,
        block: a.block ?? BH_BILLING_ADDRESS.block,
        city: a.city ?? BH_BILLING_ADDRESS.city,
        state: a.state ?? BH_BILLING_ADDRESS.state,
        zip_code: a.zip ?? BH_BILLING_ADDRESS.zip,
      })
      .execute();
  }
  return { id: row.id, document, kind, name, email, smsPhone, phone };
}

const ITEM: Record<ItemKind, { code: string; name: string; price: number }> = {
  roubo_furto: { code: 'ROUBO_FURTO', name: 'Garantia contra roubo e furto', price: 8000 },
  rastreador: { code: 'RASTREADOR', name: 'Rastreamento 24h', price: 2990 },
  assistencia: { code: 'ASSIST_24H', name: 'Assistência 24h', price: 1490 },
  colisao: { code: 'COLISAO', name: 'Cobertura de colisão', price: 4990 },
  vidros: { code: 'VIDROS', name: 'Cobertura de vidros', price: 990 },
  carro_reserva: { code: 'CARRO_RESERVA', name: 'Carro reserva 7 dias', price: 1290 },
  reboque: { code: 'REBOQUE', name: 'Reboque', price: 990 },
};
const TOWING = [
  { code: 'GUINCHO_200', name: 'Guincho até 200 km', km: 200, selected: true },
  { code: 'GUINCHO_400', name: 'Guincho até 400 km', km: 400, selected: false },
  { code: 'GUINCHO_1000', name: 'Guincho até 1.000 km', km: 1000, selected: false },
];

export interface ContractInput {
  nCtrId?: number;
  /** A catalogue plan prices the fee and the items from the price table (as the seed does); any other needs `fee`. */
  idPlan?: string;
  planName?: string;
  /** Monthly fee in cents: only for a plan outside the catalogue (a catalogue plan's fee is its price). */
  fee?: number;
  slpCode?: number | null;
  status?: string;
  dueDay?: number;
  /** Coverage start 'YYYY-MM-DD' (a year before today unless given). */
  start?: string;
  end?: string | null;
  tracker?: boolean;
  fipeLimit?: number;
  vehicleType?: 'CAT_AGRAVO_VEICULO_LEVE' | 'CAT_AGRAVO_PICKUP_CAM' | 'CAT_AGRAVO_OUTROS';
  /** Card on file (null: none). */
  card?: { last4: string; brand: 'mc' | 'visa' | 'amex' } | null;
  idIndc?: string | null;
  /** The vehicle (null: a device-only contract). */
  vehicle?: { plate?: string; model?: string; manufacturer?: string; year?: number } | null;
  /** Item kinds; the assistance carries the three towing options (200 km selected) unless `towing: false`. */
  items?: ItemKind[];
  towing?: boolean;
  /** Required sub-items (obrigatorio) of its items, which the plan view lists as covered services: `itemCode` is ITEM's code. */
  requiredSubItems?: Array<{ itemCode: string; code: string; name: string }>;
  /** People referred with its referral code (`idIndc`), and whether each is in debit. */
  referrals?: Array<[name: string, inDebit: boolean]>;
}

/**
 * A contract of `customer`: by default an active Guarita Completo (MG) on a light vehicle with tracker, assistance,
 * collision and glass, a seller, a Visa card ending 4242 on file, due on the 10th, covered since a year ago, and no bills.
 */
export async function aContract(t: TestApp, customer: Pick<CustomerRow, 'id'>, o: ContractInput = {}): Promise<ContractRow> {
  const nCtrId = o.nCtrId ?? 900_000 + base + next();
  const idPlan = o.idPlan ?? 'GUARITA_COMPLETO_MG';
  const kinds = o.items ?? ['roubo_furto', 'rastreador', 'assistencia', 'colisao', 'vidros'];
  const towing = o.towing ?? true;
  const vehicleType = o.vehicleType ?? 'CAT_AGRAVO_VEICULO_LEVE';
  const fipeLimit = o.fipeLimit ?? 9_500_000;
  const subItems = (k: ItemKind) => (k === 'assistencia' && towing ? TOWING : []);
  const charge = seededPlanCharge({
    idPlan,
    fipeLimit: cents(fipeLimit),
    vehicleType,
    items: kinds.map((kind) => ({ kind, subItems: subItems(kind).map((s) => ({ towingKm: s.km, selected: s.selected })) })),
  });
  if (charge && o.fee !== undefined) throw new Error(`factory: ${idPlan} is priced by the catalogue; leave out fee`);
  const fee = charge?.fee ?? o.fee ?? 9990;
  const vehicle =
    o.vehicle === null ? null : { plate: uniquePlate(), model: 'Onix LT 1.0', manufacturer: 'Chevrolet', year: 2022, ...o.vehicle };
  const card = o.card === undefined ? { last4: '4242', brand: 'visa' as const } : o.card;
  await t.owner
    .insertInto('contracts')
    .values({
      n_ctr_id: nCtrId,
      customer_id: customer.id,
      id_plan: idPlan,
      plan_name: o.planName ?? 'Guarita Completo',
      slp_code: o.slpCode === undefined ? 45 : o.slpCode,
      status: o.status ?? 'Ativo',
      cancelled: false,
      due_day: o.dueDay ?? 10,
      validity_start: o.start ?? shiftDays(t.app.clock.today(), -365),
      validity_end: o.end ?? null,
      possui_dispositivo: o.tracker ?? true,
      fipe_limit_cents: fipeLimit,
      monthly_fee_cents: fee,
      card_summary: card?.last4 ?? null,
      card_brand: card?.brand ?? null,
      id_indc: o.idIndc ?? null,
      plate: vehicle?.plate ?? null,
      model: vehicle?.model ?? null,
      manufacturer: vehicle?.manufacturer ?? null,
      model_year: vehicle?.year ?? null,
      vehicle_type: vehicleType,
    })
    .execute();
  // The card on file exists at the card sandbox too (it declines a contract it has no card for).
  if (card) await vaultDemoCard(t.owner, `contract:${nCtrId}`, card);
  for (const [index, kind] of kinds.entries()) {
    const item = ITEM[kind];
    const { id } = await t.owner
      .insertInto('contract_items')
      .values({ n_ctr_id: nCtrId, code: item.code, name: item.name, kind, price_cents: charge?.itemPrices[index] ?? item.price })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const s of subItems(kind))
      await t.owner
        .insertInto('contract_sub_items')
        .values({ item_id: id, code: s.code, name: s.name, towing_km: s.km, selected: s.selected })
        .execute();
  }
  for (const sub of o.requiredSubItems ?? []) await insertRequiredSubItem(t.owner, nCtrId, sub);
  await insertReferrals(t.owner, nCtrId, o.referrals ?? []);
  return {
    nCtrId,
    customerId: customer.id,
    idPlan,
    fee,
    plate: vehicle?.plate ?? null,
    slpCode: o.slpCode === undefined ? 45 : o.slpCode,
    dueDay: o.dueDay ?? 10,
  };
}

export interface BillInput {
  /** I (overdue), A (open, due ahead) or P (paid). */
  status: 'I' | 'A' | 'P';
  /** Due date; by default 15 days ago (I), in 15 days (A) or 45 days ago (P). */
  due?: string;
  /** The bill's amount (the contract's fee unless given). */
  total?: number;
  /** Overdue bills: 2 % fine and 20 days of 1 % a month interest unless given; others none. */
  fine?: number;
  interest?: number;
  /** Paid bills: noon of the due date unless given. */
  paidAt?: Date;
}

/** A bill of `contract`. */
export async function aBill(t: TestApp, contract: Pick<ContractRow, 'nCtrId' | 'fee'>, o: BillInput): Promise<BillRow> {
  const today = t.app.clock.today();
  const due = o.due ?? shiftDays(today, o.status === 'I' ? -15 : o.status === 'A' ? 15 : -45);
  const docTotal = o.total ?? contract.fee;
  const fine = o.fine ?? (o.status === 'I' ? Math.round(docTotal * 0.02) : 0);
  const interest = o.interest ?? (o.status === 'I' ? Math.round((docTotal * 0.01 * 20) / 30) : 0);
  const { doc_entry } = await t.owner
    .insertInto('bills')
    .values({
      n_ctr_id: contract.nCtrId,
      doc_due_date: due,
      doc_total: docTotal,
      valor_multa: fine,
      valor_juros: interest,
      id_status: o.status,
      paid_at: o.status === 'P' ? (o.paidAt ?? new Date(`${due}T12:00:00Z`)) : null,
    })
    .returning('doc_entry')
    .executeTakeFirstOrThrow();
  return {
    docEntry: doc_entry,
    nCtrId: contract.nCtrId,
    due,
    status: o.status,
    docTotal,
    fine,
    interest,
    total: docTotal + fine + interest,
  };
}

/** A logged-in customer: the code login through the API (from an address of its own), as the web app does it. */
export function aSession(t: TestApp, customer: Pick<CustomerRow, 'document'>, channel?: 'sms' | 'email'): Promise<LoginResult> {
  return t.login(customer.document, channel, { ip: uniqueIp() });
}

export interface Customer extends CustomerRow {
  contract: ContractRow;
  /** Its access token. */
  token: string;
  /** An authenticated request of this customer. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/** The common start of a test: a customer with one contract (its options as `aContract`'s), logged in. */
export async function aLoggedInCustomer(t: TestApp, o: { customer?: CustomerInput; contract?: ContractInput } = {}): Promise<Customer> {
  const customer = await aCustomer(t, o.customer);
  const contract = await aContract(t, customer, o.contract);
  const { AccessToken } = await aSession(t, customer);
  return {
    ...customer,
    contract,
    token: AccessToken,
    call: (method, url, payload, headers = {}) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${AccessToken}`, ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

export interface StaffAccount {
  id: number;
  email: string;
  role: StaffRole;
  name: string;
  password: string;
  /** Its authenticator's code at the app clock's now (each step is accepted once: move a FixedClock on first). */
  code(): string;
}

export interface StaffMember extends StaffAccount {
  /** The console session cookie's value. */
  token: string;
  /** The address it logged in from. */
  ip: string;
}

/** A staff account of its own, not logged in (`staff.create`, as `npm run staff:create`), with its authenticator. */
export async function aStaffAccount(t: TestApp, role: StaffRole, o: { password?: string; name?: string } = {}): Promise<StaffAccount> {
  const email = `${role}.${base + next()}@guarita.example`;
  const password = o.password ?? 'uma-senha-de-teste-1';
  const name = o.name ?? `Equipe ${role}`;
  const created = await t.app.staff.create({ email, name, role, password });
  const { TOTP } = await import('otpauth');
  const totp = new TOTP({ secret: new URL(created.otpauthUri).searchParams.get('secret')! });
  const code = () => totp.generate({ timestamp: t.app.clock.now().getTime() });
  return { id: created.id, email, role, name, password, code };
}

/** A staff account of its own, logged in through the console's login (from an address of its own). */
export async function aStaffMember(t: TestApp, role: StaffRole, o: { password?: string; name?: string } = {}): Promise<StaffMember> {
  const account = await aStaffAccount(t, role, o);
  const ip = uniqueIp();
  const res = await staffLoginRequest(t, { email: account.email, senha: account.password, codigo: account.code() }, ip);
  if (res.statusCode !== 200) throw new Error(`staff login ${res.statusCode}: ${res.body}`);
  const token = res.cookies.find((c) => c.name === STAFF_COOKIE)?.value;
  if (!token) throw new Error('no staff cookie');
  return { ...account, token, ip };
}

/**
 * The demo seed's claims, as shapes: its open collision (Documentação, front photo rejected), its glass claim in
 * Reparo Autorizado, its total loss in Regulação, and the spare-car demo's collision in Análise and open collision with
 * third parties (Reparo Autorizado).
 */
export const CLAIM_LIKE = {
  collisionInDocumentation: DEMO_CLAIMS[0]!,
  glassRepairAuthorised: DEMO_CLAIMS[1]!,
  totalLossInRegulation: DEMO_CLAIMS[2]!,
  collisionInAnalysis: DEMO_CLAIMS[4]!,
  thirdPartyCollisionRepairAuthorised: DEMO_CLAIMS[5]!,
} satisfies Record<string, SeedClaim>;

/**
 * The demo seed's support cases, as shapes: an open registration change (e-mail), a spare car after a theft 10 days
 * ago, and the four of 'Minhas solicitações': an ombudsman case in Análise with two staff comments (the newer one
 * unread), a concluded contestation, a concluded tracker case, and an ombudsman case too old (150 days) to be listed.
 */
export const CASE_LIKE = {
  registrationChange: DEMO_CASES.find((c) => c.request.tipo === 'dados-cadastrais')!,
  spareCarAfterTheft: DEMO_CASES.find((c) => c.request.tipo === 'carro-reserva')!,
  ombudsmanInAnalysis: DEMO_CASES.find((c) => c.request.tipo === 'ouvidoria' && c.phases?.[0]?.phase === 'Análise')!,
  contestationConcluded: DEMO_CASES.find((c) => c.request.tipo === 'contestacao')!,
  trackerConcluded: DEMO_CASES.find((c) => c.request.tipo === 'rastreador')!,
  ombudsmanTooOld: DEMO_CASES.find((c) => c.request.tipo === 'ouvidoria' && c.daysAgo > 90)!,
} satisfies Record<string, SeedCase>;

/**
 * A support case on `contract` (the request as the app sends it, its age, staff phases and comments), made the way
 * the demo seed makes its own (insertCase); answers its case number.
 */
export async function aCase(t: TestApp, contract: Pick<ContractRow, 'nCtrId'>, like: Omit<SeedCase, 'nCtrId'>): Promise<string> {
  const id = await t.owner.transaction().execute((tx) => insertCase(tx, { ...like, nCtrId: contract.nCtrId }));
  if (!id) throw new Error(`factory: no owner for contract ${contract.nCtrId}`);
  const row = await t.owner.selectFrom('cases').select('case_number').where('id', '=', id).executeTakeFirstOrThrow();
  return row.case_number;
}

/**
 * A claim on `contract` with the history of `like` (its phases, staff comments, photos and their reviews), made the
 * way the demo seed makes its own (insertClaim); answers its case number.
 */
export async function aClaim(t: TestApp, contract: Pick<ContractRow, 'nCtrId'>, like: SeedClaim): Promise<string> {
  const id = await t.owner
    .transaction()
    .execute((tx) => insertClaim(tx, { ...like, nCtrId: contract.nCtrId }, `factory-${base + next()}`, t.app.clock));
  if (!id) throw new Error(`factory: no owner for contract ${contract.nCtrId}`);
  const row = await t.owner.selectFrom('cases').select('case_number').where('id', '=', id).executeTakeFirstOrThrow();
  return row.case_number;
}

/**
 * Trips of a tracked contract along the demo routes, the last ending `lastEndedHoursAgo` before the app's now; with
 * `parkedMinutesAgo`, the tracker's last report (ignition off) that long ago. As the demo seed makes them.
 */
export function someTrips(
  t: TestApp,
  contract: Pick<ContractRow, 'nCtrId'>,
  spec: { count: number; lastEndedHoursAgo: number; parkedMinutesAgo?: number },
): Promise<void> {
  return insertTrips(t.owner, contract.nCtrId, spec, t.app.clock.now());
}

/** A collision claim a default contract covers, as the claim form sends it: yesterday at 10:15, no third party. */
export const COLLISION_CLAIM_FORM: ClaimFormValues = {
  ...EMPTY_CLAIM_FORM,
  reason: 'Colisão',
  description: 'Bati na traseira de um caminhão.',
  location: 'Av. Amazonas, 100',
  date: saoPauloDateTime(new Date(Date.now() - 86_400_000)).date,
  time: '10:15',
  driver: 'Maria Aparecida Souza',
  driverCPF: '529.982.247-25',
  driverContact: '(31) 98765-4321',
  isVehicleMoving: 'Não',
  currentVehicleLocation: 'Oficina do bairro',
  incidentReportCarriedOut: 'Sim',
  involvementWithThirdParties: 'Não',
};
