/**
 * An error as it may be written to the log: its type, message, stack, code and cause, but never
 * the parameters of a failed SQL query. Drizzle's query error carries them in `params` and in its
 * message ("Failed query: … params: …"), and a database error's `detail` repeats the row
 * ("Failing row contains (…)"): what users typed, password hashes, tokens. Those are dropped, and
 * any parameter value that still appears in a message (e.g. "invalid input syntax: …") is
 * replaced by `[parameter]`.
 */
export interface LoggableError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  statusCode?: number;
  /** Where a database error happened: schema, table, column, constraint, routine. */
  database?: Record<string, string>;
  cause?: LoggableError;
}

const DATABASE_FIELDS = [
  "severity",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
] as const;
const MAX_CAUSES = 4;

export function loggableError(error: unknown): LoggableError {
  return sanitise(error, [], 0);
}

/** The error's message, safe to show or store (e.g. why an invoice could not be issued). */
export function safeErrorMessage(error: unknown): string {
  return loggableError(error).message;
}

function sanitise(error: unknown, outerParams: unknown[], depth: number): LoggableError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: redact(String(error), outerParams) };
  }
  const fields = error as Error & Record<string, unknown>;
  const isQueryError = typeof fields.query === "string" && Array.isArray(fields.params);
  const params = isQueryError ? [...outerParams, ...(fields.params as unknown[])] : outerParams;
  const type = error.constructor?.name || error.name || "Error";
  const message = redact(isQueryError ? `Failed query: ${fields.query as string}` : error.message, params);
  const result: LoggableError = { type, message };
  if (error.stack) {
    // The stack's first lines repeat the message; only the frames are kept.
    const frames = error.stack.split("\n").filter((line) => /^\s+at /.test(line));
    result.stack = redact([`${type}: ${message}`, ...frames].join("\n"), params);
  }
  if (typeof fields.code === "string") result.code = fields.code;
  if (typeof fields.statusCode === "number") result.statusCode = fields.statusCode;
  const database: Record<string, string> = {};
  for (const name of DATABASE_FIELDS) {
    if (typeof fields[name] === "string") database[name] = redact(fields[name] as string, params);
  }
  if (Object.keys(database).length > 0) result.database = database;
  if (error.cause !== undefined && depth < MAX_CAUSES)
    result.cause = sanitise(error.cause, params, depth + 1);
  return result;
}

/** Replaces every text parameter of three or more characters that occurs in the text (ids are no secret). */
function redact(text: string, params: unknown[]): string {
  let out = text;
  for (const param of params) {
    if (typeof param === "string" && param.length >= 3) out = out.replaceAll(param, "[parameter]");
  }
  return out;
}
