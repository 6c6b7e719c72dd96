import pino from "pino";
import { getEnv } from "./env.server";

/** Structured JSON logs; one logger for the whole server. */
export const logger = pino({
  level: getEnv().NODE_ENV === "test" ? "silent" : getEnv().LOG_LEVEL,
  base: undefined,
  redact: ["password", "*.password", "headers.cookie", "headers.authorization"],
});
