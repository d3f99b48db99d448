import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_MSG,
  PASSKEYS_PER_ACCOUNT,
  formatDocument,
  passkeyDeviceName,
  type PasskeyDto,
  type RelyingParty,
} from '@guarita/domain';
import type { Database } from '../../db/db';
import type { AppConfig } from '../../config';
import { AppError, notFound } from '../../lib/errors';
import { randomToken } from '../../lib/crypto';
import type { RateLimiter } from '../../lib/rate-limit';
import type { NotificationOutbox } from '../notifications';
import type { PasskeyOwner, PasskeysRepository, StoredPasskey } from './repository';

/** COSE algorithm ids: EdDSA (Ed25519), ES256, RS256 (ADR 089). */
const SUPPORTED_ALGORITHMS = [-8, -7, -257];

const iso = (v: Date | string) => new Date(v).toISOString();
const expired = () => new AppError(400, 'PASSKEY_EXPIRED', PASSKEY_MSG.expired);
const loginFailed = () => new AppError(401, 'PASSKEY_INVALID', PASSKEY_MSG.loginFailed);

/** Who registers a passkey: the owner, the names the authenticator shows, and what the challenge is bound to. */
export interface Registrant {
  owner: PasskeyOwner;
  /** Shown in the passkey picker: the CPF/CNPJ a customer types, a staff member's e-mail. */
  userName: string;
  displayName: string;
  /** The login (token family) or staff session asking: only it can finish the ceremony. */
  session: string;
}

/** A verified assertion: the passkey that signed it, its owner. */
export type Asserted = StoredPasskey;

/**
 * WebAuthn ceremonies with @simplewebauthn/server (issue 31 §1, ADR 089): user verification required, every challenge
 * single use and bound to the session that asked for it, the signature counter checked and stored.
 */
export class PasskeysService {
  constructor(
    private readonly db: Database,
    private readonly repo: PasskeysRepository,
    private readonly outbox: NotificationOutbox,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {}

  private userId(owner: PasskeyOwner): Uint8Array<ArrayBuffer> {
    const who = 'customerId' in owner ? `c${owner.customerId}` : `s${owner.staffId}`;
    return new Uint8Array(Buffer.from(this.config.keys.hash('passkey', 'user-handle', who), 'base64url'));
  }

  private bindingOf(kind: 'registro' | 'entrada', owner: 'customer' | 'staff', handle: string) {
    return `${owner === 'staff' ? 'staff-' : ''}${kind}:${this.config.keys.hash('passkey', kind, handle)}`;
  }

  async list(owner: PasskeyOwner): Promise<PasskeyDto[]> {
    return (await this.repo.list(owner)).map((p) => ({
      id: p.id,
      nome: p.name,
      criadaEm: iso(p.created_at),
      usadaEm: p.last_used_at ? iso(p.last_used_at) : null,
    }));
  }

  /** Step 1 of a registration: options for navigator.credentials.create, the challenge bound to the asking session. */
  async registrationOptions(rp: RelyingParty, who: Registrant) {
    const existing = await this.repo.list(who.owner);
    if (existing.length >= PASSKEYS_PER_ACCOUNT)
      throw new AppError(409, 'PASSKEY_LIMIT', `Você já tem ${PASSKEYS_PER_ACCOUNT} aparelhos com biometria. Remova um para ativar outro.`);
    const options = await generateRegistrationOptions({
      rpName: this.config.brand.name,
      rpID: rp.id,
      userName: who.userName,
      userDisplayName: who.displayName,
      userID: this.userId(who.owner),
      attestationType: 'none',
      timeout: (PASSKEY_CHALLENGE_SECONDS - 30) * 1000,
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      // Ed25519, ES256, RS256: what every platform authenticator makes. Not the library's ML-DSA ones, which Node only
      // verifies through an experimental WebCrypto (and not at all on Node 22), with 2.4–4.6 KB signatures.
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
    await this.repo.putChallenge(this.bindingOf('registro', kindOf(who.owner), who.session), options.challenge, PASSKEY_CHALLENGE_SECONDS);
    return asJson(options);
  }

  /**
   * Step 2 of a registration: the authenticator's answer to this session's challenge (once), with user verification.
   * The passkey is stored and, for a customer, the notice (in-app and e-mail) commits with it.
   */
  async register(rp: RelyingParty, who: Registrant, response: RegistrationResponseJSON, name: string | undefined, userAgent?: string) {
    const challenge = await this.repo.takeChallenge(this.bindingOf('registro', kindOf(who.owner), who.session));
    if (!challenge) throw expired();
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
      });
    } catch (err) {
      throw new AppError(400, 'PASSKEY_INVALID', PASSKEY_MSG.cancelled, {}, err);
    }
    if (!verified.verified) throw new AppError(400, 'PASSKEY_INVALID', PASSKEY_MSG.cancelled);
    const { credential } = verified.registrationInfo;
    const device = name?.trim() || passkeyDeviceName(userAgent);
    const stored = await this.db.transaction().execute(async (tx) => {
      const row = await this.repo.insert(tx, who.owner, {
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: device,
      });
      if (!row) throw new AppError(409, 'PASSKEY_EXISTS', PASSKEY_MSG.alreadyRegistered);
      if ('customerId' in who.owner)
        await this.outbox.emit(tx, who.owner.customerId, `biometria:${row.id}:cadastrada`, {
          type: 'acesso_biometria',
          action: 'cadastrada',
          device,
        });
      return row;
    });
    return { id: stored.id, nome: stored.name, criadaEm: iso(stored.created_at), usadaEm: null };
  }

  /**
   * Removes the owner's passkey: `endLogins` first ends every login it opened (so nothing it signed stays in use), then
   * the row goes and, for a customer, the notice commits with it.
   */
  async remove(owner: PasskeyOwner, id: number, endLogins: (passkeyId: number) => Promise<unknown>): Promise<void> {
    if (!(await this.repo.owns(owner, id))) throw notFound(PASSKEY_MSG.notFound);
    await endLogins(id);
    await this.db.transaction().execute(async (tx) => {
      const name = await this.repo.remove(tx, owner, id);
      if (name === null) throw notFound(PASSKEY_MSG.notFound);
      if ('customerId' in owner)
        await this.outbox.emit(tx, owner.customerId, `biometria:${id}:removida`, {
          type: 'acesso_biometria',
          action: 'removida',
          device: name,
        });
    });
  }

  /**
   * Step 1 of a login: options for navigator.credentials.get with no credential list (the browser offers the passkeys
   * it has for this site, in the autofill or a dialog); the challenge is bound to a new random handle that the caller
   * keeps in a short-lived HttpOnly cookie (customers) or that names the staff login attempt.
   */
  async loginOptions(rp: RelyingParty, owner: 'customer' | 'staff', allow: StoredPasskey[] = []) {
    const handle = randomToken(24);
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
      timeout: (PASSKEY_CHALLENGE_SECONDS - 30) * 1000,
      allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: p.transports })),
    });
    await this.repo.putChallenge(this.bindingOf('entrada', owner, handle), options.challenge, PASSKEY_CHALLENGE_SECONDS);
    return { handle, options: asJson(options) };
  }

  /** The passkeys of a staff member (the second factor's allow list). */
  ofStaff(staffId: number) {
    return this.repo.list({ staffId });
  }

  /**
   * Step 2 of a login: the handle's challenge (once), a passkey of the expected kind, the signature with user
   * verification, and a counter that moved forward (stored at once, so a cloned authenticator's replay is refused).
   */
  async assert(
    rp: RelyingParty,
    owner: 'customer' | 'staff',
    handle: string | undefined,
    response: AuthenticationResponseJSON,
    ip: string,
  ) {
    await this.limiter.hit(`passkey:ip:${ip}`, this.config.limits.verifyPerIp);
    const challenge = handle ? await this.repo.takeChallenge(this.bindingOf('entrada', owner, handle)) : null;
    if (!challenge) throw expired();
    const passkey = await this.repo.byCredentialId(response.id);
    if (!passkey || (owner === 'customer' ? passkey.customer_id === null : passkey.staff_id === null))
      throw new AppError(401, 'PASSKEY_UNKNOWN', PASSKEY_MSG.unknownPasskey);
    let result;
    try {
      result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credential_id,
          publicKey: isoBase64URL.toBuffer(passkey.public_key),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
    } catch (err) {
      throw new AppError(401, 'PASSKEY_INVALID', PASSKEY_MSG.loginFailed, {}, err);
    }
    if (!result.verified) throw loginFailed();
    if (!(await this.repo.recordUse(passkey.id, passkey.counter, result.authenticationInfo.newCounter))) throw loginFailed();
    return passkey;
  }
}

/** The options go to the browser as they are: a JSON object for the route's schema. */
const asJson = (o: object) => o as Record<string, unknown>;

const kindOf = (o: PasskeyOwner): 'customer' | 'staff' => ('customerId' in o ? 'customer' : 'staff');

/** The name shown in the passkey picker for a customer: the CPF/CNPJ they would type. */
export const customerUserName = (document: string) => formatDocument(document);
