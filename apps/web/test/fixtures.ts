/**
 * Fixtures shared by web component tests. Times are relative to now (never a fixed date), so a test does not
 * start failing on the day its fixture's date has passed.
 */
import { pixDueDate, pixExpiresAt, type AdvanceForecastDto, type ContractDto, type PixConteudoDto } from '@guarita/domain';
import { storeTokens } from '../src/lib/session';

/** A pending Pix charge as the API answers it, created now: it expires in PIX_EXPIRY_MINUTES and is due tomorrow. */
export function pendingPix(
  charge: Pick<PixConteudoDto, 'txid' | 'chaveAleatoria' | 'valor' | 'faturas'> & Partial<PixConteudoDto>,
): PixConteudoDto {
  const now = new Date();
  return {
    rnId: charge.txid,
    numeroInterno: 1,
    pspReference: 'PSP1',
    link: null,
    dataExpiracao: pixExpiresAt(now).toISOString(),
    dtVencimento: pixDueDate(now),
    status: 'pending',
    pagoEm: null,
    validadeExibida: '02 horas',
    ...charge,
  };
}

/** A logged-in session whose IdToken is good for an hour, so the client needs no refresh (it only decodes the payload). */
export function fakeLogin(username = '52998224725') {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  const jwt = `${b64({ alg: 'none' })}.${b64({ username, exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;
  storeTokens({ IdToken: jwt, AccessToken: jwt, expiresIn: 3600 });
}

/** Maria's Onix (100101) as GET /api/contracts answers it; `over` changes what a test needs. */
export const contractFixture = (over: Partial<ContractDto> = {}): ContractDto => ({
  nCtrId: 100101,
  bpName: 'Maria Aparecida Souza',
  idPlan: 'GUARITA_COMPLETO',
  planName: 'Guarita Completo',
  slpCode: 45,
  status: 'Ativo',
  cancelled: false,
  dueDay: 10,
  dataInicioVigencia: '2025-03-10',
  dataFimVigencia: null,
  possuiDispositivo: true,
  fipeLimit: 9_500_000,
  monthlyFee: 18990,
  cardSummary: '4242',
  pmCard: 'visa',
  idIndc: null,
  vehicle: { numberPlate: 'RTA1B23', vModel: 'Onix LT 1.0', manufacturer: 'Chevrolet', year: 2022 },
  ...over,
});

/** Maria's Civic (100104): annual plan, no tracker, no seller code, amex card. */
export const CIVIC_CONTRACT = contractFixture({
  nCtrId: 100104,
  idPlan: 'GUARITA_ESSENCIAL_ANUAL',
  planName: 'Guarita Essencial Anual',
  slpCode: null,
  dueDay: 20,
  dataInicioVigencia: '2026-01-20',
  possuiDispositivo: false,
  fipeLimit: 12_000_000,
  monthlyFee: 13990,
  cardSummary: '0005',
  pmCard: 'amex',
  vehicle: { numberPlate: 'QWE7D89', vModel: 'Civic EXL 2.0', manufacturer: 'Honda', year: 2020 },
});

/** An advance forecast the customer can take: R$ 139,90 of the bill due 20/12/2026. */
export const ELIGIBLE_ADVANCE: AdvanceForecastDto = {
  sucesso: true,
  conteudo: {
    valor: 13990,
    docEntry: 55,
    docDueDate: '2026-12-20',
    elegivel: true,
    motivo: null,
    mensagem: null,
    dataAgendada: null,
  },
};
