/**
 * A clean environment for a server under test: only what Node and npm tooling need, plus `extra`.
 * Nothing of the caller's configuration leaks in (no real SMTP or SMS provider, no secrets).
 */
const PASSTHROUGH = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'LC_ALL', 'TZ', 'SystemRoot'];

export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of PASSTHROUGH) if (process.env[key] !== undefined) env[key] = process.env[key];
  return { ...env, ...extra };
}
