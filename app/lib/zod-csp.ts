import { z } from "zod";

// zod 4 compiles object parsers with `new Function` when eval is allowed, and
// probes for it once; under our Content-Security-Policy (no 'unsafe-eval') the
// browser reports that probe as a policy violation. Jitless mode skips both.
// Imported first by root.tsx so it runs before any schema module is evaluated.
if (typeof document !== "undefined") z.config({ jitless: true });
