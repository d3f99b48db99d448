// zod compiles object validators with `new Function` unless told not to, and merely probing for it is a CSP
// eval violation. Imported first by the entry point, before any module can parse with zod. zod keeps its
// config on `globalThis.__zod_globalConfig` (one config shared by every copy of zod on a page) and adopts
// an object already there, so setting it here needs none of zod's code on the first screen (ADR 025);
// zod-config.test.ts holds zod to that.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// Mutated, not replaced: a zod already loaded keeps a reference to this very object.
(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
