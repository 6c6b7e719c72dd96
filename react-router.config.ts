import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Separate build folders let parallel e2e runs and benchmarks build without colliding.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
