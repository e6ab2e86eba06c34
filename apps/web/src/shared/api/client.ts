import type { ApiErrorBody, ErrorCode } from "@stempla/domain";
import { i18n } from "../i18n/i18n.ts";
import { trackRequest } from "./activity.ts";

/** An API error with the server's localised message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/**
 * The one API client (spec section 7): JSON in and out, the page's language as Content-Language,
 * the session cookie sent by the browser. Failed requests throw ApiError.
 */
interface RequestInit {
  method?: string;
  body?: unknown;
  /** The API: the partner dashboard's /api/v2 (default) or the provider team's /api/admin. */
  base?: "/api/v2" | "/api/admin";
}

export function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  return trackRequest(
    send(path, init, "application/json").then(
      (response): Promise<T> => response.json().catch(() => undefined),
    ),
  );
}

/** A file the API answers as an attachment (e.g. a SEPA XML file): its bytes, name and headers. */
export interface ApiFile {
  blob: Blob;
  /** From Content-Disposition; undefined when the server names none. */
  fileName: string | undefined;
  headers: Headers;
}

/** Like api(), for a response that is a file rather than JSON; errors still come as ApiError. */
export function apiFile(path: string, init: RequestInit = {}): Promise<ApiFile> {
  return trackRequest(
    send(path, init, "*/*").then(async (response) => ({
      blob: await response.blob(),
      fileName: attachmentName(response.headers.get("content-disposition")),
      headers: response.headers,
    })),
  );
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` (umlauts) before the ASCII one. */
export function attachmentName(disposition: string | null): string | undefined {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return disposition?.match(/filename="?([^";]+)"?/)?.[1];
}

async function send(path: string, init: RequestInit, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept, "content-language": i18n.language };
  // A file upload (FormData) lets the browser set the multipart boundary itself.
  const form = init.body instanceof FormData;
  if (init.body !== undefined && !form) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`${init.base ?? "/api/v2"}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : form ? (init.body as FormData) : JSON.stringify(init.body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "unavailable", i18n.t("common:errors.network"));
  }
  if (response.ok) return response;
  const error = (await response.json().catch(() => undefined)) as Partial<ApiErrorBody> | undefined;
  throw new ApiError(
    response.status,
    error?.code ?? "internal",
    error?.message ?? i18n.t("common:errors.unexpected"),
    error?.errors,
  );
}
