import { z } from "zod";
import { LOCALES } from "../locales.ts";
import { FAQ_AUDIENCES, FAQ_TOPICS } from "./faq-entry.ts";

// The FAQ's answers (spec section 7): readers get one language with the answer converted to
// blocks (faq-markup.ts); the console gets both languages and the raw markup.

/**
 * A piece of a block's line. locale: a page of the site, prefixed with the reader's locale (the
 * "locale link" class); anchor: another answer on the same page (#slug); external: an http(s)
 * or mailto address.
 */
export const faqInlineSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("break") }),
  z.object({
    type: z.literal("link"),
    text: z.string(),
    href: z.string(),
    kind: z.enum(["locale", "anchor", "external"]),
  }),
]);
export type FaqInline = z.infer<typeof faqInlineSchema>;

/** A paragraph or a danger block of an answer. */
export const faqBlockSchema = z.object({
  type: z.enum(["paragraph", "danger"]),
  children: z.array(faqInlineSchema),
});
export type FaqBlock = z.infer<typeof faqBlockSchema>;

/** An entry as readers get it (GET /faq, GET /dashboard/adminFaq): one language, answer converted. */
export const faqReadEntrySchema = z.object({
  /** The anchor on the page: /de/faq#slug. */
  slug: z.string(),
  topic: z.enum(FAQ_TOPICS),
  question: z.string(),
  /** The text as the team wrote it, markup included, with the placeholders filled in. */
  answer: z.string(),
  blocks: z.array(faqBlockSchema),
});
export type FaqReadEntry = z.infer<typeof faqReadEntrySchema>;

/** An entry as the console edits it (GET /api/admin/faq): both languages, the raw markup. */
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
export type FaqAdminEntry = z.infer<typeof faqAdminEntrySchema>;

/** `?lang=de`: the language to read; without it, the request's language. */
export const faqLanguageQuery = z.object({
  lang: z.enum(LOCALES, { error: "input.invalid" }).optional(),
});
