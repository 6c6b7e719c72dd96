/** A unique violation of `constraint`, as either driver reports it (Drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error || (current && typeof current === "object");) {
    const {
      code,
      constraint: violated,
      message,
      cause,
    } = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (code === "23505" && (violated === constraint || message?.includes(constraint))) return true;
    current = cause;
  }
  return false;
}
