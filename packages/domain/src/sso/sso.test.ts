import { describe, expect, it } from 'vitest';
import { decodeSsoData, encodeSsoData, ssoDestination } from './sso';

const token = 'x'.repeat(43);

describe('sso data', () => {
  it('round-trips token, path, contractId, upSell and query', () => {
    const data = { token, path: '/meu-plano', contractId: 100101, upSell: 'troca', query: 'a=1' };
    expect(decodeSsoData(encodeSsoData(data))).toEqual(data);
  });
  it('rejects garbage, non-JSON, missing token', () => {
    expect(decodeSsoData('not base64!')).toBeNull();
    expect(decodeSsoData(btoa('{oops'))).toBeNull();
    expect(decodeSsoData(encodeSsoData({ token: 'short' }))).toBeNull();
    expect(decodeSsoData('')).toBeNull();
  });
});

describe('sso destination', () => {
  it('internal routes of the route table only', () => {
    expect(ssoDestination({ path: '/mapa' })).toBe('/mapa');
    expect(ssoDestination({ path: 'meu-plano' })).toBe('/meu-plano');
    expect(ssoDestination({ path: '/pagamentos/100101' })).toBe('/pagamentos/100101');
    expect(ssoDestination({})).toBe('/dashboard');
  });
  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/mapa/../../evil',
    'javascript:alert(1)',
    '/nao-existe',
    '/api/dev/outbox',
    '/%2F%2Fevil.example',
    '/mapa?next=//evil',
  ])('refuses %s', (path) => {
    expect(ssoDestination({ path })).toBeNull();
  });
  it('carries upSell and query', () => {
    expect(ssoDestination({ path: '/suporte', contractId: 100101, upSell: '1' })).toBe('/suporte/100101/1');
    expect(ssoDestination({ path: '/meu-plano', upSell: 'vidros', query: 'origem=app&x=1' })).toBe(
      '/meu-plano?upSell=vidros&origem=app&x=1',
    );
    expect(ssoDestination({ path: '/mapa', query: { a: 'b c' } })).toBe('/mapa?a=b+c');
  });
});
