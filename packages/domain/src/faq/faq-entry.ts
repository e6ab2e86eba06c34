import { z } from "zod";
import { multiLineString, oneLineString, requiredText } from "../validation/fields.ts";
import { faqMarkupProblem } from "./faq-markup.ts";

/** The FAQ's sections, in page order; their titles are page texts (locales/*\/faq.json, "topics"). */
export const FAQ_TOPICS = [
  "getting-started",
  "stamp-card-and-scans",
  "pricing-and-billing",
  "customer-app",
  "account-and-support",
] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];

/** Who reads an entry: the public FAQ page, the partners' FAQ in the dashboard, or both. */
export const FAQ_AUDIENCES = ["public", "partners", "both"] as const;
export type FaqAudience = (typeof FAQ_AUDIENCES)[number];

/** The audiences an entry must have to appear for each kind of reader. */
export const FAQ_AUDIENCES_FOR = {
  public: ["public", "both"],
  partners: ["partners", "both"],
} as const satisfies Record<"public" | "partners", readonly FaqAudience[]>;

export const FAQ_SLUG_MAX_LENGTH = 80;
export const FAQ_QUESTION_MAX_LENGTH = 200;
export const FAQ_ANSWER_MAX_LENGTH = 4000;

/** The entry's anchor on the page (/de/faq#estimated-extra-revenue): lower-case words joined by "-". */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const answer = multiLineString("required")
  .min(1, { error: "required" })
  .max(FAQ_ANSWER_MAX_LENGTH, { error: "faq.answer.max" })
  .superRefine((value, ctx) => {
    const problem = faqMarkupProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** POST and PUT /api/admin/faq: one entry in German and English (the console's form). */
export const faqEntryInputSchema = z.object({
  slug: oneLineString("required")
    .min(1, { error: "required" })
    .max(FAQ_SLUG_MAX_LENGTH, { error: "faq.slug" })
    .regex(SLUG, { error: "faq.slug" }),
  topic: z.enum(FAQ_TOPICS, { error: "faq.topic" }),
  audience: z.enum(FAQ_AUDIENCES, { error: "faq.audience" }),
  published: z.boolean({ error: "input.invalid" }),
  question_de: requiredText(FAQ_QUESTION_MAX_LENGTH, "faq.question.max"),
  question_en: requiredText(FAQ_QUESTION_MAX_LENGTH, "faq.question.max"),
  answer_de: answer,
  answer_en: answer,
});
export type FaqEntryInput = z.infer<typeof faqEntryInputSchema>;

/** PUT /api/admin/faq/{id}/published. */
export const faqPublishedSchema = z.object({ published: z.boolean({ error: "input.invalid" }) });

/** POST /api/admin/faq/{id}/move: one place up or down within the entry's topic. */
export const faqMoveSchema = z.object({ direction: z.enum(["up", "down"], { error: "input.invalid" }) });
