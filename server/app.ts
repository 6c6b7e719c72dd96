import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import { getServices, stopServices } from "~/server/services.server";

/**
 * The request handler the production server mounts (server.js). It is built
 * by Vite together with the app, so the app and its services share modules.
 */
export const app = express();

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);

export { getServices as startServices, stopServices };
