/**
 * A stand-in for tus-js-client in unit tests (test/setup.ts mocks the module with this one): jsdom's XMLHttpRequest
 * does not carry a Blob's bytes to MSW, so the protocol is played here against an in-memory server whose answers a
 * test sets. What the manager relies on is kept: onBeforeRequest before each request, onUploadUrlAvailable when
 * the upload exists, resuming from `uploadUrl` at the server's offset, onProgress per chunk, onSuccess, onError with
 * a DetailedError whose originalResponse carries the status and the body, abort(terminate).
 */
interface Options {
  endpoint?: string;
  uploadUrl?: string | null;
  chunkSize?: number;
  metadata?: Record<string, string>;
  uploadSize?: number;
  onBeforeRequest?: (req: FakeRequest) => void | Promise<void>;
  onUploadUrlAvailable?: () => void;
  onProgress?: (sent: number, total: number) => void;
  onSuccess?: () => void;
  onError?: (err: Error) => void;
}

interface ServerUpload {
  metadata: Record<string, string>;
  size: number;
  offset: number;
  finished: boolean;
}

type Answer = { status: number; body: Record<string, unknown> } | null;

export const tusServer = {
  uploads: new Map<string, ServerUpload>(),
  /** Every request as 'METHOD id' (POST: 'POST'). */
  log: [] as string[],
  /** Bearer tokens seen, in order. */
  tokens: [] as string[],
  /** No answer to any request (the connection is cut). */
  down: false,
  /** Cut the connection after this many chunks were received (null: never). */
  cutAfterChunks: null as number | null,
  /** The answer at the last byte: null stores it (204); else the refusal. */
  finish: (_metadata: Record<string, string>, _size: number): Answer => null,
  /** Each chunk waits this long (ms), so a test can look at an upload in flight. */
  chunkDelayMs: 0,
  /** Called with each request's method as it is sent. */
  onRequest: null as ((method: string) => void) | null,
  reset() {
    this.uploads.clear();
    this.log = [];
    this.tokens = [];
    this.down = false;
    this.cutAfterChunks = null;
    this.finish = () => null;
    this.chunkDelayMs = 0;
    this.onRequest = null;
  },
};

let nextId = 1;

class FakeRequest {
  headers = new Map<string, string>();
  constructor(
    readonly method: string,
    readonly url: string,
  ) {}
  setHeader(k: string, v: string) {
    this.headers.set(k.toLowerCase(), v);
  }
  getHeader(k: string) {
    return this.headers.get(k.toLowerCase());
  }
  getMethod() {
    return this.method;
  }
  getURL() {
    return this.url;
  }
}

class FakeResponse {
  constructor(
    private readonly status: number,
    private readonly body: string,
  ) {}
  getStatus() {
    return this.status;
  }
  getBody() {
    return this.body;
  }
  getHeader() {
    return undefined;
  }
}

export class DetailedError extends Error {
  constructor(
    message: string,
    readonly originalResponse: FakeResponse | null = null,
  ) {
    super(message);
  }
}

const NETWORK = () => new DetailedError('tus: failed to upload chunk (network)');

export class Upload {
  url: string | null = null;
  private aborted = false;
  constructor(
    readonly file: Blob,
    readonly options: Options,
  ) {}

  start(): void {
    void this.run().catch((err: Error) => {
      if (!this.aborted) this.options.onError?.(err);
    });
  }

  abort(terminate = false): Promise<void> {
    this.aborted = true;
    if (terminate && this.url) tusServer.uploads.delete(this.url.split('/').pop()!);
    return Promise.resolve();
  }

  private async request(method: string, url: string): Promise<void> {
    const req = new FakeRequest(method, url);
    await this.options.onBeforeRequest?.(req);
    tusServer.onRequest?.(method);
    tusServer.tokens.push(req.getHeader('authorization') ?? '');
    tusServer.log.push(method === 'POST' ? 'POST' : `${method} ${url.split('/').pop()}`);
    if (tusServer.down) throw NETWORK();
  }

  private async run(): Promise<void> {
    const size = this.options.uploadSize ?? this.file.size;
    let upload: ServerUpload | undefined;
    if (this.options.uploadUrl) {
      await this.request('HEAD', this.options.uploadUrl);
      upload = tusServer.uploads.get(this.options.uploadUrl.split('/').pop()!);
      if (upload) this.url = this.options.uploadUrl;
    }
    if (!upload) {
      await this.request('POST', this.options.endpoint!);
      const id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
      upload = { metadata: { ...this.options.metadata }, size, offset: 0, finished: false };
      tusServer.uploads.set(id, upload);
      this.url = `${this.options.endpoint}/${id}`;
    }
    this.options.onUploadUrlAvailable?.();
    if (upload.finished) {
      this.options.onProgress?.(size, size);
      return this.options.onSuccess?.();
    }
    const url = this.url!;
    const chunk = this.options.chunkSize ?? size;
    let chunks = 0;
    while (upload.offset < size) {
      if (this.aborted) return;
      if (tusServer.cutAfterChunks !== null && chunks >= tusServer.cutAfterChunks) tusServer.down = true;
      await this.request('PATCH', url);
      if (tusServer.chunkDelayMs) await new Promise((r) => setTimeout(r, tusServer.chunkDelayMs));
      if (this.aborted) return;
      upload.offset = Math.min(size, upload.offset + chunk);
      chunks++;
      this.options.onProgress?.(upload.offset, size);
    }
    const refusal = tusServer.finish(upload.metadata, size);
    if (refusal) {
      tusServer.uploads.delete(url.split('/').pop()!);
      throw new DetailedError('tus: unexpected response', new FakeResponse(refusal.status, JSON.stringify(refusal.body)));
    }
    upload.finished = true;
    this.options.onSuccess?.();
  }
}
