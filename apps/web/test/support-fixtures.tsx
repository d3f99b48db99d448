/**
 * Shared fixtures of the support screens' component tests (/suporte, Minhas solicitações, registration change):
 * the demo contracts, the case list and the MSW handlers of every call those screens make.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CaseCreatedDto, CaseListDto, ContractDto, PublicConfigDto, type CaseDto } from '@guarita/domain';
import { dto, http, route, server } from './msw';
import { tusServer } from './fake-tus';
import { storeTokens } from '../src/lib/session';
import SupportPage from '../src/features/support/components/SupportPage';

export const CONFIG: PublicConfigDto = {
  brandName: 'Guarita',
  phoneSales: '0800 000 1010',
  phoneTheft: '0800 000 1190',
  phoneAssistance: '0800 000 2424',
  supportPhone: '4000 1762',
  supportEmail: 'atendimento@guarita.example',
  address: 'Av. Afonso Pena, 1500 — Centro, Belo Horizonte/MG, 30130-005',
  demoMode: true,
};

const contract = (over: Partial<ContractDto>): ContractDto => ({
  nCtrId: 100101,
  bpName: 'Maria Aparecida Souza',
  idPlan: 'GUARITA_ESSENCIAL_MG',
  planName: 'Guarita Essencial',
  slpCode: 16,
  status: 'Ativo',
  cancelled: false,
  dueDay: 10,
  dataInicioVigencia: '2025-03-15',
  dataFimVigencia: null,
  possuiDispositivo: true,
  fipeLimit: 8_000_000,
  monthlyFee: 12990,
  cardSummary: '1111',
  pmCard: 'visa',
  idIndc: null,
  vehicle: { numberPlate: 'RTA1B23', vModel: 'Onix LT 1.0', manufacturer: 'Chevrolet', year: 2022 },
  ...over,
});

/** 100101 has a tracker; 100104 has none. */
export const CONTRACTS: ContractDto[] = [
  contract({}),
  contract({
    nCtrId: 100104,
    possuiDispositivo: false,
    idPlan: 'GUARITA_ESSENCIAL_ANUAL_MG',
    vehicle: { numberPlate: 'QWE7D89', vModel: 'Civic EXL 2.0', manufacturer: 'Honda', year: 2020 },
  }),
];

export const aCase = (over: Partial<CaseDto>): CaseDto => ({
  Id: '11111111-1111-4111-8111-111111111111',
  CaseNumber: '2026-000001',
  Reason: 'SAC',
  Subject: 'Ouvidoria',
  Status: 'New',
  Fase__c: 'Aberto',
  CreatedDate: '2026-11-10T13:00:00.000Z',
  naoLido: false,
  ...over,
});

export const CREATED: CaseCreatedDto = {
  Id: '99999999-9999-4999-8999-999999999999',
  CaseNumber: '2026-000123',
  Reason: 'SAC',
  Subject: 'Cancelamento',
  Status: 'New',
  Fase__c: 'Aberto',
  CreatedDate: '2026-11-22T13:00:00.000Z',
  anexos: 0,
};

/** One recorded POST /api/cases/contracts/{nCtrId}: the request JSON (`dados`), the files and the headers. */
export interface SentCase {
  nCtrId: string;
  dados: Record<string, unknown>;
  /** The attachments the case took: the tus uploads (test/fake-tus.ts) named in `anexos`. */
  files: Array<{ id: string; size: number; metadata: Record<string, string> }>;
  idempotencyKey: string | null;
}

export function fakeLogin() {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  const jwt = `${b64({ alg: 'none' })}.${b64({ username: '52998224725', exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;
  storeTokens({ IdToken: jwt, AccessToken: jwt, expiresIn: 3600 });
}

/**
 * The support page's network: contracts, config, the case list (per contract) and the create, whose answer
 * `answer(sent)` decides (201 CREATED by default). Returns what was sent.
 */
export function supportNetwork(opts: { cases?: CaseDto[]; answer?: (sent: SentCase) => Response | Promise<Response> } = {}) {
  const sent: SentCase[] = [];
  server.use(
    http.get(route('/api/contracts'), () => dto(ContractDto.array(), CONTRACTS)),
    http.get(route('/api/config'), () => dto(PublicConfigDto, CONFIG)),
    http.get(route('/api/cases/contracts/{nCtrId}'), () => dto(CaseListDto, { casos: opts.cases ?? [] })),
    http.post(route('/api/cases/contracts/{nCtrId}'), async ({ request, params }) => {
      // JSON: the request, with `anexos` naming its files sent ahead as resumable uploads (ADR 093).
      const { anexos = [], ...dados } = (await request.json()) as Record<string, unknown> & { anexos?: string[] };
      const s: SentCase = {
        nCtrId: String(params.nCtrId),
        dados,
        files: anexos.map((id) => ({
          id,
          size: tusServer.uploads.get(id)?.size ?? -1,
          metadata: tusServer.uploads.get(id)?.metadata ?? {},
        })),
        idempotencyKey: request.headers.get('idempotency-key'),
      };
      sent.push(s);
      return opts.answer ? opts.answer(s) : dto(CaseCreatedDto, CREATED, { status: 201 });
    }),
  );
  return sent;
}

/** Renders /suporte… at `url` with the app's route patterns. */
export function renderSupport(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/suporte', element: <SupportPage /> },
      { path: '/suporte/:nCtrId', element: <SupportPage /> },
      { path: '/suporte/:nCtrId/:upSell', element: <SupportPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}
