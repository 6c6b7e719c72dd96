import { appContextForTests } from "~tests/factories/users";

/**
 * What a loader or action did, whichever way it said it: returned or thrown,
 * a Response, a `data()` value or plain data.
 */
export type RouteOutcome = {
  status: number;
  location: string | null;
  thrown: boolean;
  /** The body for `data()` / plain values; a Response's text when `readBody` was asked for. */
  body: unknown;
  headers: Headers;
  /** An unexpected error (not a Response or data()): the route would answer 500. */
  error?: unknown;
};

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

export async function callRoute(
  fn: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
  options: { readBody?: boolean } = {},
): Promise<RouteOutcome> {
  let value: unknown;
  let thrown = false;
  try {
    value = await fn({ request, params, context: appContextForTests(), unstable_pattern: "" } as never);
  } catch (error) {
    value = error;
    thrown = true;
  }
  if (value instanceof Response) {
    const body = options.readBody ? await value.text() : undefined;
    return { status: value.status, location: value.headers.get("location"), thrown, body, headers: value.headers };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, location: headers.get("location"), thrown, body: value.data, headers };
  }
  if (thrown) return { status: 500, location: null, thrown, body: undefined, headers: new Headers(), error: value };
  return { status: 200, location: null, thrown, body: value, headers: new Headers() };
}

/** For assertion messages: what came back, in one line. */
export function describeOutcome(outcome: RouteOutcome): string {
  if (outcome.error) return `500 (threw ${String((outcome.error as Error)?.stack ?? outcome.error).slice(0, 400)})`;
  return `${outcome.status}${outcome.location ? ` → ${outcome.location}` : ""}`;
}
