import { FAQ_AUDIENCES, FAQ_TOPICS, LOCALES } from "@stempla/domain";
import { z } from "zod";

const inline = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("break") }),
  z.object({
    type: z.literal("link"),
    text: z.string(),
    href: z.string(),
    kind: z.enum(["locale", "anchor", "external"]),
  }),
]);

/** A converted answer: paragraphs and danger blocks of text, line breaks and links (spec section 7). */
export const faqBlocksSchema = z.array(
  z.object({ type: z.enum(["paragraph", "danger"]), children: z.array(inline) }),
);

export const faqReadEntrySchema = z.object({
  slug: z.string(),
  topic: z.enum(FAQ_TOPICS),
  question: z.string(),
  /** The text as the team wrote it, markup included, with the placeholders filled in. */
  answer: z.string(),
  blocks: faqBlocksSchema,
});

export const faqAdminEntrySchema = z.object({
  id: z.number(),
  slug: z.string(),
  topic: z.enum(FAQ_TOPICS),
  sort_order: z.number(),
  audience: z.enum(FAQ_AUDIENCES),
  published: z.boolean(),
  question_de: z.string(),
  question_en: z.string(),
  answer_de: z.string(),
  answer_en: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Email of the team member who changed it last; null for the launch texts. */
  updated_by: z.string().nullable(),
});

/** `?lang=de`: the language to read; without it, the request's language. */
export const faqLanguageQuery = z.object({
  lang: z.enum(LOCALES, { error: "input.invalid" }).optional(),
});
