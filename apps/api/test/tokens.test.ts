import { describe, expect, it } from 'vitest';
import { TokenService } from '../src/modules/auth/tokens';
import { Keyring } from '../src/lib/keys';

const SECRET = 'test-secret-0123456789abcdef-0123456789';
const claims = { customerId: 7, familyId: 'fam-1', document: '52998224725' };

/** Flips one character of the signature (the last segment): same header and claims, wrong signature. */
function tamper(token: string): string {
  const i = token.length - 5;
  return token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
}

describe('TokenService.verifyAccess and its memory of verified tokens (ADR 049)', () => {
  it('answers the same claims on every use of a valid token', async () => {
    const tokens = new TokenService(new Keyring(SECRET), 900, 3600);
    const { AccessToken } = await tokens.issue(claims);
    expect(await tokens.verifyAccess(AccessToken)).toEqual({ customerId: 7, familyId: 'fam-1' });
    expect(await tokens.verifyAccess(AccessToken)).toEqual({ customerId: 7, familyId: 'fam-1' });
  });

  it('refuses a tampered copy of a token it has already accepted, an IdToken, and another secret’s token', async () => {
    const tokens = new TokenService(new Keyring(SECRET), 900, 3600);
    const { AccessToken, IdToken } = await tokens.issue(claims);
    expect(await tokens.verifyAccess(AccessToken)).not.toBeNull();
    expect(await tokens.verifyAccess(tamper(AccessToken))).toBeNull();
    expect(await tokens.verifyAccess(IdToken)).toBeNull();
    const other = await new TokenService(new Keyring('another-secret-0123456789abcdef-012345'), 900, 3600).issue(claims);
    expect(await tokens.verifyAccess(other.AccessToken)).toBeNull();
  });

  it('stops accepting a remembered token the moment it expires', async () => {
    let now = Date.now();
    const tokens = new TokenService(new Keyring(SECRET), 60, 3600, () => now);
    const { AccessToken } = await tokens.issue(claims); // exp = iat + 60 s (issue reads the real clock)
    const { exp } = JSON.parse(Buffer.from(AccessToken.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
    expect(await tokens.verifyAccess(AccessToken)).not.toBeNull();
    now = exp * 1000 - 1;
    expect(await tokens.verifyAccess(AccessToken)).not.toBeNull();
    now = exp * 1000;
    expect(await tokens.verifyAccess(AccessToken)).toBeNull();
    expect(await tokens.verifyAccess(AccessToken)).toBeNull(); // and stays refused once forgotten
  });

  it('checks a token from scratch once the memory is full (the oldest goes first)', async () => {
    let now = Date.now();
    const tokens = new TokenService(new Keyring(SECRET), 60, 3600, () => now, 1);
    const a = await tokens.issue(claims);
    const b = await tokens.issue({ ...claims, customerId: 8 });
    expect(await tokens.verifyAccess(a.AccessToken)).not.toBeNull();
    expect(await tokens.verifyAccess(b.AccessToken)).not.toBeNull(); // pushes a out
    now += 3_600_000; // an hour later both are expired: a is refused by jose itself, b by its remembered limit
    expect(await tokens.verifyAccess(a.AccessToken)).toBeNull();
    expect(await tokens.verifyAccess(b.AccessToken)).toBeNull();
  });
});

describe('TokenService page tokens (ADR 059)', () => {
  it('verifyPage accepts a page token only; verifyAccess never accepts one', async () => {
    const tokens = new TokenService(new Keyring(SECRET), 900, 3600);
    const page = await tokens.issuePage(claims);
    const { AccessToken, IdToken } = await tokens.issue(claims);
    expect(await tokens.verifyPage(page)).toEqual({ customerId: 7, familyId: 'fam-1' });
    expect(await tokens.verifyAccess(page)).toBeNull();
    expect(await tokens.verifyPage(AccessToken)).toBeNull();
    expect(await tokens.verifyPage(IdToken)).toBeNull();
    expect(await tokens.verifyPage(tamper(page))).toBeNull();
    expect(await new TokenService(new Keyring('another-secret-0123456789abcdef-012345'), 900, 3600).verifyPage(page)).toBeNull();
  });

  it('a page token lives pageSeconds, not the access lifetime', async () => {
    let now = Date.now();
    const tokens = new TokenService(new Keyring(SECRET), 60, 3600, () => now);
    const page = await tokens.issuePage(claims);
    const { exp, iat } = JSON.parse(Buffer.from(page.split('.')[1] ?? '', 'base64url').toString()) as { exp: number; iat: number };
    expect(exp - iat).toBe(3600);
    now = exp * 1000 - 1;
    expect(await tokens.verifyPage(page)).not.toBeNull();
    now = exp * 1000;
    expect(await tokens.verifyPage(page)).toBeNull();
  });
});
