import { z } from "zod";
import { pageOf } from "../api/envelope.ts";
import { wholeNumber } from "../validation/fields.ts";

/** One entry of GET /api/v2/legalForm and GET /api/v2/categories. */
export const referenceItemSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  name_de: z.string(),
  name_en: z.string(),
});
export type ReferenceItem = z.infer<typeof referenceItemSchema>;

/** The reference lists' answer: the entries and the page they are. */
export const referenceListSchema = pageOf(referenceItemSchema);
export type ReferenceList = z.infer<typeof referenceListSchema>;

/** GET /api/v2/categories: by default the whole list in one page. */
export const categoriesQuerySchema = z.object({
  limit: wholeNumber(1, 500).default(500),
  page: wholeNumber(1, 10_000).default(1),
});
