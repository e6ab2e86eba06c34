import { FAQ_AUDIENCES } from "@stempla/domain";
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * FAQ entries the provider team writes in the console (spec sections 2 and 7), in German and
 * English. `slug` is the entry's anchor on the page (/de/faq#slug); the statistics link to
 * "estimated-extra-revenue". Answers keep the team's markup; readers get it converted
 * (faqAnswerBlocks in the domain package).
 */
export const faqEntries = pgTable(
  "faq_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    slug: text("slug").notNull().unique(),
    topic: text("topic").notNull(),
    /** Place within the topic, ascending. */
    sortOrder: integer("sort_order").notNull(),
    questionDe: text("question_de").notNull(),
    questionEn: text("question_en").notNull(),
    answerDe: text("answer_de").notNull(),
    answerEn: text("answer_en").notNull(),
    audience: text("audience", { enum: FAQ_AUDIENCES }).notNull(),
    published: boolean("published").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The team member who last created or changed the entry (null for the seeded texts). */
    updatedBy: bigint("updated_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("faq_entries_topic_order_idx").on(t.topic, t.sortOrder)],
);

/**
 * The seeded entries that were ever inserted, by seed key. The seed runs at every start and adds
 * only entries missing here, so an entry the team deleted or re-worded is never put back.
 */
export const faqSeeds = pgTable("faq_seeds", {
  seedKey: text("seed_key").primaryKey(),
  seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
});
