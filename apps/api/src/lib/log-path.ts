/** A request path fit for a log line or a span: no query string, and no CEP (a customer's new address) in the lookup path. */
export const logPath = (url: string) => (url.split('?')[0] ?? '').replace(/^(\/api\/addresses\/cep\/)[^/]*/, '$1[redacted]');
