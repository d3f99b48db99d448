/**
 * Fixtures shared by web component tests. Times are relative to now (never a fixed date), so a test does not
 * start failing on the day its fixture's date has passed.
 */
import { pixDueDate, pixExpiresAt, type PixConteudoDto } from '@guarita/domain';
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
