import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/precompress-assets.ts";

export default defineConfig({
  // The import aliases (~/ for app/, ~tests/ ...) are tsconfig.json's "paths", written there only (decision 0028).
  resolve: { tsconfigPaths: true },
  // The server bundle's entry is our Express app (server/app.ts), so the app and its services share one module graph.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
});
