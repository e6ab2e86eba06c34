import { z } from "zod";
import { wholeNumber } from "../validation/fields.ts";

// The API's answer envelope (docs/architecture.md, API conventions): `{ data }`, lists add the
// paging `meta`. Written once so every route declares its answer the same way.

/** Where a page of a list stands: its number, its size and how many items there are in all. */
export const pageMetaSchema = z.object({ page: z.number(), per_page: z.number(), total: z.number() });
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `{ data: item }` */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** `{ data: { ok: true } }`: the answer of an action that has nothing else to tell. */
export const okResponseSchema = dataOf(z.object({ ok: z.literal(true) }));

/** `?page=&per_page=`: which page of a list; the list names its own page size. */
export const pageQueryOf = (perPage: number) =>
  z.object({
    page: wholeNumber(1, 100_000).default(1),
    per_page: wholeNumber(1, 100).default(perPage),
  });

/** `{ data: [item], meta }`: one page of a list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: pageMetaSchema });

/** A page of items of type T, for code that shows any list's pages (the console's paged tables). */
export type Page<T> = z.infer<ReturnType<typeof pageOf<z.ZodType<T>>>>;

/** The `:id` of a route addressing one record by its database id. */
export const idParamsSchema = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });
