/**
 * Customers the tests make for themselves through the e2e server's factory (POST /api/test/customers, ADR 071).
 * Each test calls one of these and gets a customer of its own: its own CPF/CNPJ, SMS number, e-mail and contract
 * numbers, so nothing another test does (in parallel or earlier) can change what it sees. The shapes are the tests'
 * own: the demo seed may change for people trying the app without moving a test.
 */

import {
  ASSISTANCE_ITEM,
  COLLISION_ITEM,
  COLLISION_PHOTO_TYPES,
  GLASS_ITEM,
  GLASS_PHOTO_TYPES,
  PAID_HISTORY,
  SPARE_CAR_ITEM,
  TRACKER_ITEM,
  theftItem,
} from '../../apps/api/src/db/seed-shapes';

type ItemKind = 'roubo_furto' | 'rastreador' | 'assistencia' | 'colisao' | 'vidros' | 'carro_reserva';

export interface ContractSpec {
  key: string;
  idPlan: string;
  planName: string;
  slpCode: number | null;
  status: 'Ativo' | 'Encerrado';
  dueDay: number;
  start: string;
  startDaysAgo?: number;
  end?: string;
  tracker: boolean;
  fipeLimit: number;
  vehicleType?: 'CAT_AGRAVO_VEICULO_LEVE' | 'CAT_AGRAVO_PICKUP_CAM' | 'CAT_AGRAVO_OUTROS';
  fee?: number;
  card?: { last4: string; brand: 'mc' | 'visa' | 'amex' };
  idIndc?: string;
  vehicle?: { plate: string; model: string; manufacturer: string; year: number };
  items: Array<{
    code: string;
    name: string;
    kind: ItemKind;
    price: number;
    sub?: Array<{ code: string; name: string; km: number; selected: boolean }>;
  }>;
  paidThisMonth?: boolean;
  bills: Array<{ offset: number; status: 'I' | 'A' | 'P'; lateRegularised?: { dueDaysAgo: number; paidHoursAgo: number } }>;
}

interface Dated {
  contract: string;
  daysAgo: number;
  phases?: Array<{ phase: string; daysAgo: number }>;
  comments?: Array<{ body: string; daysAgo: number; author?: 'staff' | 'customer' }>;
  closedDaysAgo?: number;
}

export interface CaseSpec extends Dated {
  /** The support request as the app sends it (tipo, telefone, …). */
  request: Record<string, unknown>;
}

export interface ClaimSpec extends Dated {
  /** Fields of the claim form (reason 'Colisão' unless given, the other fields filled in). */
  form: Record<string, string>;
  photos?: Array<{ type: string; approved?: boolean; rejection?: string }>;
  totalLoss?: boolean;
  declaration?: boolean;
}

export interface CustomerSpec {
  kind: 'cpf' | 'cnpj';
  name: string;
  tradeName?: string;
  /** A CNPJ in the alphanumeric format (in force since July 2026). */
  alphanumeric?: boolean;
  /** Whether an e-mail / an SMS number is on file (the factory makes each unique). */
  email?: boolean;
  sms?: boolean;
  /** Rua da Bahia, 1148 (billing) unless given. */
  addresses?: Array<{
    type: 'Cobrança' | 'Entrega';
    street: string;
    no: string;
    building?: string;
    block: string;
    city: string;
    state: string;
    zip: string;
  }>;
  contracts: ContractSpec[];
  cases?: CaseSpec[];
  claims?: ClaimSpec[];
  trips?: Array<{ contract: string; count: number; lastEndedHoursAgo: number; parkedMinutesAgo?: number }>;
  referrals?: Array<{ contract: string; name: string; inDebit: boolean }>;
  requiredSubItems?: Array<{ contract: string; itemCode: string; code: string; name: string }>;
  /** Contracts whose vehicle the server's tracking simulator drives (a live position every few seconds). */
  live?: string[];
}

// The contract items, paid history and claim photo types are the seed's building blocks (plain data, no server code).
const base = theftItem;
const tracker = TRACKER_ITEM;
const assistance = ASSISTANCE_ITEM;
const collision = COLLISION_ITEM;
const glass = GLASS_ITEM;
const spareCar = SPARE_CAR_ITEM;

/** Six months paid. */
export const paidHistory = PAID_HISTORY;
/** Paid up to last month, this month's bill overdue, next month's ahead. */
export const overdue = [...paidHistory, { offset: 0, status: 'I' as const }, { offset: 1, status: 'A' as const }];
/** Paid up to this month, next month's bill ahead. */
export const paidUp = [...paidHistory, { offset: 0, status: 'P' as const }, { offset: 1, status: 'A' as const }];

/** A Guarita Completo contract in MG on a light vehicle (tracker, assistance with towing, collision, glass). */
export function completo(key: string, over: Partial<ContractSpec> = {}): ContractSpec {
  return {
    key,
    idPlan: 'GUARITA_COMPLETO_MG',
    planName: 'Guarita Completo',
    slpCode: 45,
    status: 'Ativo',
    dueDay: 10,
    start: '2025-03-10',
    tracker: true,
    fipeLimit: 9_500_000,
    card: { last4: '4242', brand: 'visa' },
    vehicle: { plate: 'RTA1B23', model: 'Onix LT 1.0', manufacturer: 'Chevrolet', year: 2022 },
    items: [base(8240), tracker, assistance, collision, glass],
    bills: overdue,
    ...over,
  };
}

const TEL = '(31) 98765-4321';
const COLLISION_TYPES = COLLISION_PHOTO_TYPES;
const GLASS_TYPES = GLASS_PHOTO_TYPES;
const photos = (types: string[], approved?: boolean, extra: Record<string, { approved?: boolean; rejection?: string }> = {}) =>
  types.map((type) => ({ type, approved, ...extra[type] }));

/** An SMS number as the app prints it: (31) 90000-0012. */
export const phoneAsShown = (digits: string) => `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;

/** Maria's vehicles in the selector's order ('uno', Encerrado, is not selectable). */
export const MARIA_VEHICLES = ['RTA1B23 ONIX LT 1.0', 'Dispositivo 2', 'QWE7D89 CIVIC EXL 2.0'] as const;

/**
 * A person with four contracts: the Onix ('onix': tracker with 24 trips, an overdue bill, a card, the referral code,
 * three support requests in the last three months and an older one, a collision claim waiting for a photo again and a
 * glass claim being repaired), a tracker-only 'rastreador' (Dispositivo 2, no claim cover), a closed 'uno' and the
 * Civic ('civic': annual plan paid this month, collision only, one registration-data request, no claim).
 */
export function mariaSpec(): CustomerSpec {
  return {
    kind: 'cpf',
    name: 'Maria Aparecida Souza',
    addresses: [
      {
        type: 'Cobrança',
        street: 'Rua da Bahia',
        no: '1148',
        building: 'Apto 702',
        block: 'Centro',
        city: 'Belo Horizonte',
        state: 'MG',
        zip: '30160011',
      },
      { type: 'Entrega', street: 'Rua Pernambuco', no: '353', block: 'Funcionários', city: 'Belo Horizonte', state: 'MG', zip: '30130150' },
    ],
    contracts: [
      completo('onix', { idIndc: 'MARIA10' }),
      {
        key: 'rastreador',
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
        bills: paidUp,
      },
      {
        key: 'uno',
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
        key: 'civic',
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
        bills: paidUp,
      },
    ],
    cases: [
      {
        contract: 'onix',
        daysAgo: 12,
        request: { tipo: 'ouvidoria', telefone: TEL, descricao: 'Liguei três vezes para a central e não consegui falar com ninguém.' },
        phases: [{ phase: 'Análise', daysAgo: 11 }],
        comments: [
          { body: 'Recebemos sua manifestação e ela foi encaminhada à Ouvidoria.', daysAgo: 11 },
          { body: 'Pedimos desculpas pela demora no atendimento. Um especialista vai ligar para você.', daysAgo: 2 },
        ],
      },
      {
        contract: 'onix',
        daysAgo: 40,
        request: {
          tipo: 'contestacao',
          telefone: TEL,
          descricao: 'A fatura veio com valor maior que o contratado.',
          tipoContestacao: 'valor-divergente',
        },
        phases: [
          { phase: 'Análise', daysAgo: 38 },
          { phase: 'Concluído', daysAgo: 30 },
        ],
        comments: [{ body: 'A diferença foi estornada na fatura seguinte.', daysAgo: 30 }],
        closedDaysAgo: 30,
      },
      {
        contract: 'onix',
        daysAgo: 20,
        request: { tipo: 'rastreador', telefone: TEL, caso: 'Defeito', descricao: 'O rastreador parou de enviar a posição.' },
        phases: [
          { phase: 'Agendamento', daysAgo: 18 },
          { phase: 'Concluído', daysAgo: 15 },
        ],
        closedDaysAgo: 15,
      },
      {
        contract: 'onix',
        daysAgo: 150,
        request: { tipo: 'ouvidoria', telefone: TEL, descricao: 'Reclamação antiga.' },
        closedDaysAgo: 140,
      },
      {
        contract: 'civic',
        daysAgo: 3,
        request: { tipo: 'dados-cadastrais', telefone: TEL, alteracoes: ['E-mail'], novoEmail: 'maria.souza@exemplo.com.br' },
      },
    ],
    claims: [
      {
        // Collision in Documentação with one rejected photo: 'Reenviar foto(s)'.
        contract: 'onix',
        daysAgo: 6,
        form: {
          description: 'Um carro avançou o sinal e bateu na lateral direita do meu veículo.',
          location: 'Av. Afonso Pena, 1500 — Centro, Belo Horizonte',
          referencePoint: 'Em frente ao Parque Municipal',
          involvementWithThirdParties: 'Sim',
          isOpenProtocolToThirdParties: 'Sim',
          thirdPartyContact: '(31) 99876-1234',
        },
        phases: [{ phase: 'Documentação', daysAgo: 5 }],
        comments: [
          { body: 'Recebemos o aviso do seu sinistro. Envie as fotos e documentos pelo aplicativo.', daysAgo: 6 },
          { body: 'Documentos recebidos, em análise pela equipe de sinistros.', daysAgo: 4 },
          { body: 'A foto da frente do veículo está desfocada. Por favor, envie uma nova foto.', daysAgo: 2 },
        ],
        photos: photos(COLLISION_TYPES, undefined, {
          cnh: { approved: true },
          crlv: { approved: true },
          frente: { approved: false, rejection: 'Foto desfocada: a placa não está legível.' },
        }),
        declaration: true,
      },
      {
        // Glass in Reparo Autorizado.
        contract: 'onix',
        daysAgo: 15,
        form: {
          reason: 'Vidros',
          description: 'Uma pedra trincou o para-brisa na rodovia.',
          location: 'BR-040, km 530, Nova Lima',
          isVehicleMoving: 'Sim',
          incidentReportCarriedOut: 'Não',
        },
        phases: [
          { phase: 'Documentação', daysAgo: 14 },
          { phase: 'Análise', daysAgo: 12 },
          { phase: 'Reparo Autorizado', daysAgo: 9 },
        ],
        comments: [
          { body: 'Fotos aprovadas. Seu caso seguiu para análise.', daysAgo: 12 },
          { body: 'Reparo autorizado! A oficina parceira Vidraçaria Central vai entrar em contato para agendar a troca.', daysAgo: 9 },
        ],
        photos: photos(GLASS_TYPES, true),
        declaration: true,
      },
    ],
    trips: [
      { contract: 'onix', count: 24, lastEndedHoursAgo: 2, parkedMinutesAgo: 3 },
      { contract: 'rastreador', count: 6, lastEndedHoursAgo: 5, parkedMinutesAgo: 20 },
    ],
    referrals: [
      { contract: 'onix', name: 'Ana Beatriz Rocha', inDebit: false },
      { contract: 'onix', name: 'Bruno Henrique Alves', inDebit: true },
      { contract: 'onix', name: 'Camila Duarte', inDebit: false },
      { contract: 'onix', name: 'Diego Martins', inDebit: true },
      { contract: 'onix', name: 'Eduarda Pires', inDebit: false },
    ],
    requiredSubItems: [
      { contract: 'onix', itemCode: 'ROUBO_FURTO', code: 'FURTO_ROUBO', name: 'Furto e Roubo' },
      { contract: 'onix', itemCode: 'ROUBO_FURTO', code: 'PT_FURTO_ROUBO', name: 'Perda Total (Furto e Roubo)' },
      { contract: 'onix', itemCode: 'COLISAO', code: 'COLISAO_COMPLETA', name: 'Colisão Completa + Terceiros + Seguro APP' },
      { contract: 'civic', itemCode: 'ROUBO_FURTO', code: 'FURTO_ROUBO', name: 'Furto e Roubo' },
    ],
  };
}

/** E-mail only (no SMS number): one Gol on Guarita Recuperação, its tracker silent for three days, a cancellation in Retenção. */
export function joaoSpec(): CustomerSpec {
  return {
    kind: 'cpf',
    name: 'João Pedro Lima',
    sms: false,
    contracts: [
      {
        key: 'gol',
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
        bills: paidUp,
      },
    ],
    cases: [
      {
        contract: 'gol',
        daysAgo: 6,
        request: {
          tipo: 'cancelamento',
          telefone: '(11) 99876-5432',
          motivo: 'Vendi o veículo',
          detalhe: 'Vendi o carro e não preciso mais da proteção.',
        },
        phases: [{ phase: 'Retenção', daysAgo: 5 }],
        comments: [{ body: 'Entraremos em contato para confirmar o cancelamento.', daysAgo: 5 }],
      },
    ],
    trips: [{ contract: 'gol', count: 5, lastEndedHoursAgo: 72 }],
  };
}

/** A company (CNPJ) with one Fiorino on Guarita Cobre Frota: an overdue bill, a total-loss claim in Indenização, a referral. */
export function horizonteSpec(): CustomerSpec {
  return {
    kind: 'cnpj',
    name: 'Transportes Horizonte Ltda',
    tradeName: 'Horizonte Cargas',
    contracts: [
      {
        key: 'fiorino',
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
        bills: overdue,
      },
    ],
    claims: [
      {
        contract: 'fiorino',
        daysAgo: 30,
        form: {
          driver: 'Carlos Henrique Prado',
          driverCPF: '111.444.777-35',
          driverContact: '(11) 98888-7777',
          description: 'O veículo capotou após desviar de um animal na pista.',
          location: 'Rodovia Anhanguera, km 102, Campinas',
          isVehicleMoving: 'Não',
          currentVehicleLocation: 'Pátio da concessionária, km 104',
        },
        phases: [
          { phase: 'Documentação', daysAgo: 29 },
          { phase: 'Análise', daysAgo: 25 },
          { phase: 'Direcionamento', daysAgo: 20 },
          { phase: 'Regulação', daysAgo: 15 },
        ],
        comments: [{ body: 'Após a vistoria, o veículo foi qualificado como perda total.', daysAgo: 10 }],
        photos: photos(COLLISION_TYPES, true),
        totalLoss: true,
        declaration: true,
      },
    ],
    trips: [{ contract: 'fiorino', count: 8, lastEndedHoursAgo: 1, parkedMinutesAgo: 10 }],
    referrals: [{ contract: 'fiorino', name: 'Logística Serra Verde Ltda', inDebit: false }],
    requiredSubItems: [
      { contract: 'fiorino', itemCode: 'ROUBO_FURTO', code: 'PT_FURTO_ROUBO', name: 'Perda Total (Furto e Roubo)' },
      { contract: 'fiorino', itemCode: 'COLISAO', code: 'COLISAO_COMPLETA', name: 'Colisão Completa + Terceiros + Seguro APP' },
    ],
  };
}

/**
 * A company in SP with one Hilux: due on the month's last day (31 is clamped), so its bill of the month is always still
 * to be debited and the advance is never available; assistance without towing; a concluded glass claim.
 */
export function alfaSpec(): CustomerSpec {
  return {
    kind: 'cnpj',
    name: 'Alfa Numérica Logística S.A.',
    tradeName: 'Alfa Log',
    contracts: [
      {
        key: 'hilux',
        idPlan: 'GUARITA_COMPLETO_SP',
        planName: 'Guarita Completo',
        slpCode: 76,
        status: 'Ativo',
        dueDay: 31,
        start: '2026-07-31',
        tracker: true,
        fipeLimit: 11_000_000,
        card: { last4: '8888', brand: 'visa' },
        vehicleType: 'CAT_AGRAVO_PICKUP_CAM',
        vehicle: { plate: 'ALF8H90', model: 'Hilux SRV 2.8', manufacturer: 'Toyota', year: 2024 },
        items: [base(9000), tracker, { ...assistance, sub: [] }, glass],
        bills: [
          { offset: -2, status: 'P' },
          { offset: -1, status: 'P' },
          { offset: 0, status: 'P' },
          { offset: 1, status: 'A' },
        ],
      },
    ],
    claims: [
      {
        contract: 'hilux',
        daysAgo: 60,
        form: {
          reason: 'Vidros',
          driver: 'Paulo Roberto Alves',
          driverCPF: '111.444.777-35',
          driverContact: '(21) 99777-6655',
          description: 'O vidro lateral traseiro foi quebrado em tentativa de furto.',
          location: 'Rua Voluntários da Pátria, 200, Botafogo, Rio de Janeiro',
        },
        phases: [
          { phase: 'Documentação', daysAgo: 59 },
          { phase: 'Acompanhamento', daysAgo: 50 },
          { phase: 'Concluido', daysAgo: 45 },
        ],
        comments: [{ body: 'Vidro substituído. Caso concluído.', daysAgo: 45 }],
        photos: photos(GLASS_TYPES, true),
        closedDaysAgo: 45,
        declaration: true,
      },
    ],
    trips: [{ contract: 'hilux', count: 4, lastEndedHoursAgo: 6, parkedMinutesAgo: 30 }],
  };
}

/** One Guarita Completo contract with one overdue bill and nothing else (SMS only). */
export function pedroSpec(): CustomerSpec {
  return {
    kind: 'cpf',
    name: 'Pedro Henrique Alves',
    email: false,
    contracts: [
      completo('hb20', {
        idPlan: 'GUARITA_COMPLETO_RJ',
        start: '2025-06-10',
        vehicle: { plate: 'RJX5F67', model: 'HB20 1.0', manufacturer: 'Hyundai', year: 2021 },
      }),
    ],
  };
}

/** One Guarita Completo contract paid up, without a tracker device yet: a customer with nothing going on. */
export function quietSpec(name = 'Lúcia Ferreira Gomes', over: Partial<ContractSpec> = {}): CustomerSpec {
  return {
    kind: 'cpf',
    name,
    contracts: [
      completo('onix', {
        slpCode: 19,
        dueDay: 15,
        start: '2025-08-15',
        tracker: false,
        fipeLimit: 9_000_000,
        vehicle: { plate: 'LUC7G89', model: 'Onix Plus 1.0', manufacturer: 'Chevrolet', year: 2022 },
        items: [base(8000), tracker, assistance, collision, glass],
        bills: paidUp,
        ...over,
      }),
    ],
  };
}

/** A Guarita Completo contract of the spare-car customer: paid up, with spare-car cover. */
function spareCarContract(key: string, plate: string, model: string, manufacturer: string, over: Partial<ContractSpec> = {}): ContractSpec {
  return completo(key, {
    dueDay: 5,
    start: '2025-09-05',
    tracker: false,
    vehicle: { plate, model, manufacturer, year: 2022 },
    items: [base(8240), tracker, assistance, collision, spareCar],
    bills: paidHistory,
    ...over,
  });
}

/**
 * Spare car (issue 12): one contract per blocking rule: 'grace' (covered 10 days ago), 'late' (an overdue bill paid
 * 20 h ago), 'theft' (a spare car after a theft 10 days ago), 'collision' (a collision claim in Análise), 'thirdParties'
 * (a collision with third parties); 'free' is free of every rule; 'classico' is a plan no longer sold.
 */
export function carlaSpec(): CustomerSpec {
  const driver = { driver: 'Carla Mendes Ribeiro', driverCPF: '283.719.465-46', driverContact: '(31) 99123-4567' };
  return {
    kind: 'cpf',
    name: 'Carla Mendes Ribeiro',
    contracts: [
      spareCarContract('grace', 'GRC1A01', 'Kwid Zen 1.0', 'Renault', { startDaysAgo: 10, bills: [{ offset: 1, status: 'A' }] }),
      spareCarContract('late', 'PGT2B02', 'Argo Drive 1.0', 'Fiat', {
        bills: [...paidHistory.slice(0, 5), { offset: -1, status: 'P', lateRegularised: { dueDaysAgo: 6, paidHoursAgo: 20 } }],
      }),
      spareCarContract('theft', 'FRT3C03', 'Gol 1.0', 'VW - VolksWagen'),
      spareCarContract('collision', 'CLS4D04', 'HB20 Comfort 1.0', 'Hyundai'),
      spareCarContract('thirdParties', 'TRC5E05', 'Kicks SV 1.6', 'Nissan'),
      spareCarContract('free', 'LVR6F06', 'Mobi Like 1.0', 'Fiat'),
      {
        key: 'classico',
        idPlan: 'GUARITA_CLASSICO_MG',
        planName: 'Guarita Clássico',
        slpCode: 45,
        status: 'Ativo',
        dueDay: 5,
        start: '2021-04-05',
        tracker: false,
        fipeLimit: 6_000_000,
        fee: 10780,
        card: { last4: '4242', brand: 'visa' },
        vehicle: { plate: 'CLA7G07', model: 'Sandero Expression 1.0', manufacturer: 'Renault', year: 2016 },
        items: [base(8300), assistance, glass],
        bills: paidHistory,
      },
    ],
    cases: [
      {
        contract: 'theft',
        daysAgo: 10,
        request: { tipo: 'carro-reserva', telefone: '(31) 99123-4567', motivo: 'Furto', transporte: 'reembolso_transporte' },
        phases: [{ phase: 'Concluído', daysAgo: 8 }],
        closedDaysAgo: 8,
      },
    ],
    claims: [
      {
        contract: 'collision',
        daysAgo: 4,
        form: {
          ...driver,
          description: 'Bati em um poste ao desviar de um buraco.',
          location: 'Av. Cristiano Machado, 2000, Belo Horizonte',
        },
        phases: [
          { phase: 'Documentação', daysAgo: 3 },
          { phase: 'Análise', daysAgo: 1 },
        ],
        photos: photos(COLLISION_TYPES, true),
        declaration: true,
      },
      {
        contract: 'thirdParties',
        daysAgo: 20,
        form: {
          ...driver,
          description: 'Outro veículo bateu na traseira do meu no semáforo.',
          location: 'Av. Amazonas, 500, Belo Horizonte',
          involvementWithThirdParties: 'Sim',
          isOpenProtocolToThirdParties: 'Sim',
          thirdPartyContact: '(31) 99876-5555',
        },
        phases: [
          { phase: 'Documentação', daysAgo: 19 },
          { phase: 'Análise', daysAgo: 15 },
          { phase: 'Reparo Autorizado', daysAgo: 10 },
        ],
        photos: photos(COLLISION_TYPES, true),
        declaration: true,
      },
    ],
  };
}
