import { databaseHandleOf } from "~/server/app-context.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/readyz";

/** Readiness: the database answers and the migrations are applied. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const handle = await databaseHandleOf(context);
    const rows = await handle.query<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations");
    return Response.json({ status: "ready", migrations: rows[0]?.count ?? 0 }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.warn({ err: error }, "readiness check failed");
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
