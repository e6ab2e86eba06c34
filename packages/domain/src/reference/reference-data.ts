import { z } from "zod";

/** One entry of GET /api/v2/legalForm and GET /api/v2/categories. */
export const referenceItemSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  name_de: z.string(),
  name_en: z.string(),
});
export type ReferenceItem = z.infer<typeof referenceItemSchema>;
