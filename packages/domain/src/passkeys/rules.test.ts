import { describe, expect, it } from 'vitest';
import { isIpAddress, passkeyDeviceName, relyingParty } from './rules';
import { channelsFor, notificationPath, notificationText } from '../notifications/notifications';

describe('relyingParty', () => {
  it("is PUBLIC_URL's host in production, whatever host the request names", () => {
    expect(relyingParty('https://portal.guarita.com.br', false, { protocol: 'http', host: 'evil.example' })).toEqual({
      id: 'portal.guarita.com.br',
      origin: 'https://portal.guarita.com.br',
    });
  });
  it('is the host the request arrived on in demo mode, port in the origin but not in the id', () => {
    expect(relyingParty('http://localhost:3000', true, { protocol: 'http', host: 'localhost:3121' })).toEqual({
      id: 'localhost',
      origin: 'http://localhost:3121',
    });
  });
  it('is none on an IP address, which WebAuthn refuses', () => {
    expect(relyingParty('http://localhost:3000', true, { protocol: 'http', host: '127.0.0.1:3121' })).toBeNull();
    expect(relyingParty('http://localhost:3000', true, { protocol: 'http', host: '[::1]:3121' })).toBeNull();
    expect(relyingParty('https://10.0.0.5', false, { protocol: 'https', host: 'x' })).toBeNull();
    expect(isIpAddress('guarita.example')).toBe(false);
  });
});

describe('passkeyDeviceName', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari no iPhone',
    ],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36', 'Chrome no Android'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0', 'Edge no Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox no Linux'],
    [undefined, 'Aparelho'],
  ])('%s → %s', (ua, name) => expect(passkeyDeviceName(ua)).toBe(name));
});

describe('the security notice of a passkey', () => {
  it('goes by e-mail whatever the choices, leads to Cadastro and names the device', () => {
    const off = { email: { pagamentos: false, solicitacoes: false, rastreador: false } };
    expect(channelsFor('acesso_biometria', off)).toEqual(['inapp', 'email']);
    expect(channelsFor('pagamento_confirmado', off)).toEqual(['inapp']);
    expect(notificationPath({ destino: 'cadastro', nCtrId: null, caseNumber: null })).toBe('/cadastro');
    expect(notificationText({ type: 'acesso_biometria', action: 'removida', device: 'Chrome no Android' })).toEqual({
      title: 'Biometria removida',
      body: 'O acesso por biometria "Chrome no Android" foi removido da sua conta e não entra mais.',
    });
  });
});
