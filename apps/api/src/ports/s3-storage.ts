import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { FileStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3-compatible server (MinIO, Ceph, R2…); default AWS's regional endpoint. */
  endpoint?: string;
  /** {endpoint}/{bucket}/{key} instead of {bucket}.{endpoint}/{key}; MinIO and most compatible servers want it. */
  forcePathStyle?: boolean;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const KEY = /^[a-z0-9]+(?:\/[a-z0-9-]+)*\.[a-z0-9]{2,4}$/;

/**
 * FileStorage on S3-compatible object storage (AWS S3, MinIO…): the same three calls as the local disk, as
 * PutObject / GetObject / DeleteObject signed with AWS Signature V4 (aws4fetch). The payload's SHA-256 is signed
 * with it, so the server refuses a body altered on the way. Objects are private (no ACL header); downloads go
 * through the BFF, which checks the owner.
 */
export class S3Storage implements FileStorage {
  readonly name = 's3';
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(private readonly opts: S3StorageOptions) {
    this.client = new AwsClient({
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
      service: 's3',
      region: opts.region,
    });
    const endpoint = (opts.endpoint ?? `https://s3.${opts.region}.amazonaws.com`).replace(/\/+$/, '');
    if (opts.forcePathStyle ?? true) {
      this.base = `${endpoint}/${encodeURIComponent(opts.bucket)}`;
    } else {
      const u = new URL(endpoint);
      u.hostname = `${opts.bucket}.${u.hostname}`;
      this.base = u.toString().replace(/\/+$/, '');
    }
  }

  private url(key: string): string {
    // Keys are ours (newStorageKey), but check anyway: no '..', no surprises in the path.
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return `${this.base}/${key}`;
  }

  private async send(key: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
    const signed = await this.client.sign(this.url(key), init);
    const doFetch = this.opts.fetch ?? fetch;
    return doFetch(signed, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000) });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const res = await this.send(key, {
      method: 'PUT',
      body: data,
      headers: {
        'content-type': contentType,
        'content-length': String(data.length),
        'x-amz-content-sha256': createHash('sha256').update(data).digest('hex'),
      },
    });
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`S3 PutObject failed: HTTP ${res.status}`);
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.send(key, { method: 'GET' });
    if (res.status === 404) {
      await res.arrayBuffer().catch(() => undefined);
      return null;
    }
    if (!res.ok) throw new Error(`S3 GetObject failed: HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.send(key, { method: 'DELETE' });
    await res.arrayBuffer().catch(() => undefined);
    // S3 answers 204 whether or not the key existed; some compatible servers answer 404 for a missing key.
    if (!res.ok && res.status !== 404) throw new Error(`S3 DeleteObject failed: HTTP ${res.status}`);
  }
}
