import { createContext, RouterContextProvider } from "react-router";
import type { DatabaseHandle, Db } from "./db/client.server";
import { getServices, type Services } from "./services.server";

/**
 * The running app's services as route modules see them: the server hands
 * them to React Router with every request (server/app.ts), as the official
 * node-postgres template passes its database, and loaders and actions read
 * them from their `context` argument. Only the process's edges (server start,
 * the CLI, the jobs) reach for the services themselves; a test hands a loader
 * its own database the same way.
 *
 * The context carries a way to reach the services rather than the services:
 * while the database cannot be opened, the loader that needs it fails where it
 * reads, and its error boundary answers for it, as for any failed read.
 */
type ServicesSource = () => Promise<Services>;

// `react-router dev` serves requests without server/app.ts, so nothing hands them a context there:
// they reach the services as the process's edges do.
const servicesContext = createContext<ServicesSource>(getServices);

/** The load context of one request (or of a test calling a loader directly). */
export function appContext(services: ServicesSource): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return context;
}

type LoadContext = Readonly<RouterContextProvider>;

export function servicesOf(context: LoadContext): Promise<Services> {
  return context.get(servicesContext)();
}

export async function databaseOf(context: LoadContext): Promise<Db> {
  return (await servicesOf(context)).handle.db;
}

export async function databaseHandleOf(context: LoadContext): Promise<DatabaseHandle> {
  return (await servicesOf(context)).handle;
}
