import { config } from 'zod/v4/core';

// zod compiles object validators with `new Function` unless told not to, and merely probing for it is a CSP
// eval violation. Imported first by the entry point, before any module can parse with zod.
config({ jitless: true });
