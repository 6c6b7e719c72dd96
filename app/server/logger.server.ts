import pino from "pino";
import { getEnv } from "./env.server";
import { requestContext } from "./request-context.server";

/** Structured JSON logs; one logger for the whole server. */
export const logger = pino({
  level: getEnv().NODE_ENV === "test" ? "silent" : getEnv().LOG_LEVEL,
  base: undefined,
  // Every line logged while serving a request carries its id.
  mixin: () => {
    const context = requestContext.getStore();
    return context ? { requestId: context.requestId } : {};
  },
  redact: ["password", "*.password", "headers.cookie", "headers.authorization"],
});
