import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Every URL of the site, as the spec's route table names them. */
export default [
  index("routes/public/home.tsx"),

  route("api/auth/*", "routes/api/auth.ts"),
  route("healthz", "routes/api/healthz.ts"),
  route("readyz", "routes/api/readyz.ts"),

  route("contact", "routes/public/contact.tsx"),
  route("api/enquiry", "routes/api/enquiry.ts"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
