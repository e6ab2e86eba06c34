import type { Readable } from "node:stream";
import { z } from "zod";

/**
 * The response schema of a route that answers a file (a PDF, a CSV, a PNG, an XML): the OpenAPI
 * document shows a binary string, and the serializer is never asked, since Fastify sends a Buffer,
 * a stream or a string with its content type as it is. Pair it with the route's `produces: [contentType]`.
 */
export const fileResponse = (description: string) =>
  z.custom<Buffer | Readable | string>().meta({ type: "string", format: "binary", description });
