import { AsyncLocalStorage } from "node:async_hooks";

export type RequestContext = { requestId: string };

/** Carries the request id through async calls so every log line of a request can name it. */
export const requestContext = new AsyncLocalStorage<RequestContext>();
