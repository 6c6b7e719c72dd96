import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { precompressAssets } from "./scripts/precompress-assets.ts";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // The server bundle's entry is our Express app (server/app.ts), so the app and its services share one module graph.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
});
