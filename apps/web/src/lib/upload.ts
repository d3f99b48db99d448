/** Progress of one upload: bytes sent of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** A file the server refused (its pt-BR message), or status 0: no answer. */
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
