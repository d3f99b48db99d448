// zod compiles object validators with `new Function` unless told not to, and merely probing for it is a CSP
// eval violation. Imported first by the entry point, before any module can parse with zod. zod keeps its
// config on `globalThis.__zod_globalConfig` (one config shared by every copy of zod on a page) and adopts
// an object already there, so setting it here needs none of zod's code on the first screen (ADR 025);
// zod-config.test.ts holds zod to that.
//
// The messages zod writes itself (a schema with no message of its own) are the domain's Brazilian Portuguese ones,
// as the API's (issue 30 item 6): zod's default is English and its `pt` locale European. The map imports no zod.
import { zodPtBrMessage } from '@guarita/domain/zod-pt-br';

declare global {
  var __zod_globalConfig: { jitless?: boolean; localeError?: typeof zodPtBrMessage } | undefined;
}

// Mutated, not replaced: a zod already loaded keeps a reference to this very object.
const config = (globalThis.__zod_globalConfig ??= {});
config.jitless = true;
config.localeError = zodPtBrMessage;

export {};
