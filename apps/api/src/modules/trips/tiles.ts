/**
 * The CSP img-src entry for a tile URL template: its origin, '{s}' subdomains as a wildcard
 * ('https://{s}.tile.example/…' → 'https://*.tile.example'); nothing for our own relative URL.
 */
export function tileImageSources(template: string): string[] {
  const origin = /^(https?:\/\/[^/]+)/i.exec(template)?.[1];
  return origin ? [origin.replace('{s}', '*')] : [];
}
