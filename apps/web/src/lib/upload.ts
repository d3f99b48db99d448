/** Progress of one upload: bytes sent of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  headers?: Record<string, string>;
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
  /** ms; 0 = none. */
  timeout?: number;
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Sends a body with XMLHttpRequest, the one browser API that reports upload progress (fetch does not).
 * Resolves with the parsed JSON answer on 2xx; rejects with UploadError (status 0 = network or timeout)
 * or an AbortError DOMException when `signal` aborts.
 */
export function uploadWithProgress<T = unknown>(url: string, body: XMLHttpRequestBodyInit, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', url);
    for (const [k, v] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(k, v);
    xhr.timeout = opts.timeout ?? 0;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.({ loaded: e.loaded, total: e.total });
    };
    const parse = () => {
      try {
        return xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        return xhr.responseText;
      }
    };
    xhr.onload = () => {
      const data = parse();
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else {
        const message = data && typeof data === 'object' && 'mensagem' in data ? String(data.mensagem) : `HTTP ${xhr.status}`;
        reject(new UploadError(message, xhr.status, data));
      }
    };
    xhr.onerror = () => reject(new UploadError('Falha de rede', 0, null));
    xhr.ontimeout = () => reject(new UploadError('Tempo esgotado', 0, null));
    xhr.onabort = () => reject(new DOMException('Envio cancelado', 'AbortError'));
    if (opts.signal) {
      if (opts.signal.aborted) {
        reject(new DOMException('Envio cancelado', 'AbortError'));
        return;
      }
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
