/**
 * Whether a failed query is tried again: once, after a network or server failure. A refusal (4xx:
 * not found, forbidden, invalid) would only come again and hold back its message meanwhile.
 */
export function retryQuery(failures: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  const refused = typeof status === "number" && status >= 400 && status < 500;
  return failures < 1 && !refused;
}
