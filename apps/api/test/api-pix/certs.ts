import 'reflect-metadata'; // @peculiar/x509's dependency injection needs it before it loads
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/**
 * Certificates for the API Pix mTLS tests, made at runtime (nothing secret is committed): a CA, the fake PSP's
 * server certificate for localhost/127.0.0.1 and our client certificate, both signed by that CA, and a client
 * certificate of another CA the fake must refuse. ECDSA P-256, valid for a day.
 */
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

export interface Pem {
  cert: string;
  key: string;
}

export interface TestPki {
  ca: string;
  server: Pem;
  client: Pem;
  /** A client certificate signed by a CA the fake does not trust. */
  stranger: Pem;
}

async function keyPem(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  return `-----BEGIN PRIVATE KEY-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END PRIVATE KEY-----\n`;
}

const keys = () => webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;

async function authority(name: string) {
  const k = await keys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    name,
    keys: k,
    signingAlgorithm: ALG,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  return { cert, keys: k };
}

async function leaf(ca: Awaited<ReturnType<typeof authority>>, subject: string, usage: 'server' | 'client'): Promise<Pem> {
  const k = await keys();
  const cert = await x509.X509CertificateGenerator.create({
    subject,
    issuer: ca.cert.subject,
    publicKey: k.publicKey,
    signingKey: ca.keys.privateKey,
    signingAlgorithm: ALG,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement, true),
      new x509.ExtendedKeyUsageExtension([usage === 'server' ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth]),
      ...(usage === 'server'
        ? [
            new x509.SubjectAlternativeNameExtension([
              { type: 'dns', value: 'localhost' },
              { type: 'ip', value: '127.0.0.1' },
            ]),
          ]
        : []),
    ],
  });
  return { cert: cert.toString('pem'), key: await keyPem(k.privateKey) };
}

export async function makeTestPki(): Promise<TestPki> {
  const ca = await authority('CN=Guarita test PSP CA');
  const other = await authority('CN=Somebody else CA');
  return {
    ca: ca.cert.toString('pem'),
    server: await leaf(ca, 'CN=localhost', 'server'),
    client: await leaf(ca, 'CN=guarita-api-pix-client', 'client'),
    stranger: await leaf(other, 'CN=stranger', 'client'),
  };
}
