/**
 * zod compiles object parsers with `new Function` after probing whether eval is allowed; the probe alone is a
 * Content-Security-Policy violation (`script-src` without 'unsafe-eval'), reported on every page that parses.
 * With `jitless` nothing is probed. zod keeps its configuration in `globalThis.__zod_globalConfig` (the object
 * `z.config()` writes, shared by every copy of zod); setting it here, before any chunk loads zod, keeps zod out
 * of the pages that do not use it. Imported first by main.tsx.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
