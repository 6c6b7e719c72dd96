// `npm run lint`: typescript-eslint's recommended rules, no import cycles, the
// layers of app/ and the stages of its import pipelines (docs/architecture.md,
// "Layers"). Types are checked by `npm run typecheck`; this lint does not read
// type information, to stay fast.
// typescript-eslint parses with TypeScript's JavaScript API, which TypeScript 7
// no longer ships: package.json installs TypeScript 6.0 under the name
// `typescript` for it, and TypeScript 7 (the `tsc` of `npm run typecheck`)
// under `@typescript/native`, as the TypeScript team advises for such tools.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Which layers of app/ each layer may import, besides itself. Type-only
 * imports count too: a shape both sides need lives in app/domain.
 */
const layers = {
  // Pure domain rules and shapes: nothing of the app.
  domain: [],
  // UI-neutral helpers (parameters, cursors, schemas).
  lib: ["domain"],
  // Database, jobs, mail, auth: never the components or the routes.
  server: ["domain", "lib"],
  // React components: never the server.
  components: ["domain", "lib"],
  // Routes put the rest together; they are not restricted.
};
const appParts = ["domain", "lib", "server", "components", "routes"];

const layerZones = Object.entries(layers).map(([layer, allowed]) => ({
  target: `./app/${layer}`,
  from: appParts.filter((part) => part !== layer && !allowed.includes(part)).map((part) => `./app/${part}`),
  message: `app/${layer} may import ${allowed.length ? allowed.map((part) => `app/${part}`).join(", ") : "nothing of the app"} besides itself (docs/architecture.md, "Layers").`,
}));

/**
 * An import pipeline (app/server/imports/<pipeline>/, such as release-list/) reads top to bottom: its entry
 * points, the folder's own files, take a list through its stages in order, source → parse → write. A stage
 * may import the stages before it (the shapes they hand on) but never a later one or an entry point: the
 * source yields bytes without knowing the parser, the parser yields entries without knowing the writer.
 * runs/ (the run records and outcomes) and configs/ (what is imported from where) sit beside the stages:
 * every part may use them, and they use no stage.
 */
const pipelineStages = ["source", "parse", "write"];
const pipelineEntryPoints = "./app/server/imports/*/*.ts";
const inPart = (part) => `./app/server/imports/*/${part}/**`;
const orList = new Intl.ListFormat("en-GB", { type: "disjunction" });
const pipelineZone = (part, forbidden) => ({
  target: inPart(part),
  from: [...forbidden.map(inPart), pipelineEntryPoints],
  message: `An import pipeline reads top to bottom: its ${part}/ may not import ${orList.format([...forbidden.map((other) => `${other}/`), "the entry points"])} (docs/architecture.md, "Layers").`,
});
const pipelineZones = [
  ...pipelineStages.map((stage, index) => pipelineZone(stage, pipelineStages.slice(index + 1))),
  ...["runs", "configs"].map((beside) => pipelineZone(beside, pipelineStages)),
];

/**
 * Outside app/: the benchmarks and the tests share their helpers through support/ (a built server, an
 * HTTP fixture server, percentiles …) and never reach into each other's folders; the benchmarks may
 * build rows with the tests' factories, as the tests do. support/ serves both and imports neither.
 */
const folderZones = [
  {
    target: "./bench",
    from: "./tests",
    except: ["./factories"],
    message: "bench/ shares helpers with tests/ through support/ (~support/); of tests/ it may use only the factories.",
  },
  { target: "./tests", from: "./bench", message: "tests/ shares helpers with bench/ through support/ (~support/)." },
  { target: "./support", from: ["./tests", "./bench"], message: "support/ serves tests/ and bench/ and imports neither." },
];

export default defineConfig(
  // What .gitignore leaves out: builds (build-bench/ and the e2e runs' BUILD_DIRs too), reports, data.
  globalIgnores(["build/", "build-*/", ".react-router/", "test-results/", "playwright-report/", "data/", "public/", "drizzle/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { "import-x": importX },
    settings: {
      // Which files import-x follows and parses (TypeScript's too), and the resolver that reads tsconfig.json's paths.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...pipelineZones, ...folderZones] }],
      // Leaving out fields by destructuring ({ name: _name, ...rest }) is how the code omits them, and a
      // leading underscore marks a name that is there only to hold a place (a loop's item, an argument).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          ignoreRestSiblings: true,
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
        },
      ],
    },
  },
  {
    // One way to cross folders: a relative import stays within its file's folder ("./x", "./sub/x"), and
    // anything else goes through an alias of tsconfig.json's "paths" (decision 0028). JavaScript files are
    // left out: plain Node runs them, and it knows no such aliases.
    files: ["**/*.{ts,tsx,mts,cts}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: String.raw`(?:^|/)\.\.(?:/|$)`,
              message:
                'A relative import stays within its folder: import from another folder through an alias of tsconfig.json "paths" (~/ for app/, ~tests/, ~cli/, ~bench/, ~support/).',
            },
          ],
        },
      ],
    },
  },
);
