// zod 4 compiles object parsers with `new Function` when eval is allowed, and
// probes for it once; under our Content-Security-Policy (no 'unsafe-eval') the
// browser reports that probe as a policy violation. Jitless mode skips both.
// Imported first by root.tsx so it runs before any schema module is evaluated.
//
// zod keeps its settings in `globalThis.__zod_globalConfig` and adopts an object
// already there (zod/v4/core/core.js), so the setting is made without importing
// zod: root.tsx is in every page's first load, and even zod's config module pulls
// in ~4 KB gzip of zod's utilities. zod-csp.test.ts checks zod still reads it.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== "undefined") {
  // In place: if zod were loaded already, it holds this very object.
  ((globalThis as ZodGlobal).__zod_globalConfig ??= {}).jitless = true;
}
export {};
