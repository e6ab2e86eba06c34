import {
  FAQ_AUDIENCES_FOR,
  FAQ_TOPICS,
  type FaqAdminEntry,
  type FaqEntryInput,
  type FaqReadEntry,
  type FaqTopic,
  faqAnswerBlocks,
  type Locale,
  resolveFaqPlaceholders,
} from "@stempla/domain";
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { type Database, isUniqueViolation } from "../../db/client.ts";
import { faqEntries, users } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";

type Row = typeof faqEntries.$inferSelect;

const topicIndex = (topic: string) => {
  const index = FAQ_TOPICS.indexOf(topic as FaqTopic);
  return index < 0 ? FAQ_TOPICS.length : index;
};

/** Page order: the topics in FAQ_TOPICS order, then the team's order within a topic. */
const byPageOrder = (a: Row, b: Row) =>
  topicIndex(a.topic) - topicIndex(b.topic) || a.sortOrder - b.sortOrder || a.id - b.id;

const toAdmin = (row: Row, updatedBy: string | null): FaqAdminEntry => ({
  id: row.id,
  slug: row.slug,
  topic: row.topic as FaqTopic,
  sort_order: row.sortOrder,
  audience: row.audience,
  published: row.published,
  question_de: row.questionDe,
  question_en: row.questionEn,
  answer_de: row.answerDe,
  answer_en: row.answerEn,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  updated_by: updatedBy,
});

/** Every entry, published or not, in page order. */
export async function listFaqEntries(db: Database): Promise<FaqAdminEntry[]> {
  const rows = await db
    .select({ entry: faqEntries, email: users.email })
    .from(faqEntries)
    .leftJoin(users, eq(users.id, faqEntries.updatedBy));
  return rows.sort((a, b) => byPageOrder(a.entry, b.entry)).map((r) => toAdmin(r.entry, r.email));
}

async function faqEntry(db: Database, id: number): Promise<FaqAdminEntry> {
  const [row] = await db
    .select({ entry: faqEntries, email: users.email })
    .from(faqEntries)
    .leftJoin(users, eq(users.id, faqEntries.updatedBy))
    .where(eq(faqEntries.id, id));
  if (!row) throw HttpError.notFound();
  return toAdmin(row.entry, row.email);
}

const slugTaken = () => HttpError.validation({ slug: ["faq.slugTaken"] });

/** The place after the last entry of a topic. */
const endOf = (topic: string) =>
  sql<number>`1 + coalesce((select max(${faqEntries.sortOrder}) from ${faqEntries} where ${faqEntries.topic} = ${topic}), 0)`;

const columns = (input: FaqEntryInput, userId: number) => ({
  slug: input.slug,
  topic: input.topic,
  audience: input.audience,
  published: input.published,
  questionDe: input.question_de,
  questionEn: input.question_en,
  answerDe: input.answer_de,
  answerEn: input.answer_en,
  updatedBy: userId,
  updatedAt: new Date(),
});

/** A new entry at the end of its topic; an anchor another entry uses is a 422 on `slug`. */
export async function createFaqEntry(
  db: Database,
  input: FaqEntryInput,
  userId: number,
): Promise<FaqAdminEntry> {
  try {
    const [row] = await db
      .insert(faqEntries)
      .values({ ...columns(input, userId), sortOrder: endOf(input.topic) })
      .returning({ id: faqEntries.id });
    return faqEntry(db, row!.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Replaces an entry's texts and settings; moved to another topic, it goes to that topic's end. */
export async function updateFaqEntry(
  db: Database,
  id: number,
  input: FaqEntryInput,
  userId: number,
): Promise<FaqAdminEntry> {
  try {
    const [row] = await db
      .update(faqEntries)
      .set({
        ...columns(input, userId),
        sortOrder: sql`case when ${faqEntries.topic} = ${input.topic} then ${faqEntries.sortOrder} else ${endOf(input.topic)} end`,
      })
      .where(eq(faqEntries.id, id))
      .returning({ id: faqEntries.id });
    if (!row) throw HttpError.notFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  return faqEntry(db, id);
}

export async function setFaqEntryPublished(
  db: Database,
  id: number,
  published: boolean,
  userId: number,
): Promise<FaqAdminEntry> {
  const [row] = await db
    .update(faqEntries)
    .set({ published, updatedBy: userId, updatedAt: new Date() })
    .where(eq(faqEntries.id, id))
    .returning({ id: faqEntries.id });
  if (!row) throw HttpError.notFound();
  return faqEntry(db, id);
}

/**
 * Swaps an entry with its neighbour above or below within its topic (the first entry moved up
 * stays where it is). Row locks keep two moves at the same time from losing one.
 */
export async function moveFaqEntry(
  db: Database,
  id: number,
  direction: "up" | "down",
): Promise<FaqAdminEntry> {
  await db.transaction(async (tx) => {
    const [entry] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).for("update");
    if (!entry) throw HttpError.notFound();
    const up = direction === "up";
    const [neighbour] = await tx
      .select()
      .from(faqEntries)
      .where(
        and(
          eq(faqEntries.topic, entry.topic),
          up
            ? or(
                lt(faqEntries.sortOrder, entry.sortOrder),
                and(eq(faqEntries.sortOrder, entry.sortOrder), lt(faqEntries.id, entry.id)),
              )
            : or(
                gt(faqEntries.sortOrder, entry.sortOrder),
                and(eq(faqEntries.sortOrder, entry.sortOrder), gt(faqEntries.id, entry.id)),
              ),
        ),
      )
      .orderBy(
        up ? desc(faqEntries.sortOrder) : asc(faqEntries.sortOrder),
        up ? desc(faqEntries.id) : asc(faqEntries.id),
      )
      .limit(1)
      .for("update");
    if (!neighbour) return;
    // Equal places (never written by this service, but possible by hand) still end up apart.
    const [a, b] =
      neighbour.sortOrder === entry.sortOrder
        ? up
          ? [entry.sortOrder, entry.sortOrder + 1]
          : [entry.sortOrder + 1, entry.sortOrder]
        : [neighbour.sortOrder, entry.sortOrder];
    await tx.update(faqEntries).set({ sortOrder: a }).where(eq(faqEntries.id, entry.id));
    await tx.update(faqEntries).set({ sortOrder: b }).where(eq(faqEntries.id, neighbour.id));
  });
  return faqEntry(db, id);
}

export async function deleteFaqEntry(db: Database, id: number): Promise<void> {
  const deleted = await db.delete(faqEntries).where(eq(faqEntries.id, id)).returning({ id: faqEntries.id });
  if (deleted.length === 0) throw HttpError.notFound();
}

/** The published entries for the public page or for partners, in one language, converted. */
export async function readerFaqEntries(
  db: Database,
  reader: keyof typeof FAQ_AUDIENCES_FOR,
  locale: Locale,
): Promise<FaqReadEntry[]> {
  const rows = await db
    .select()
    .from(faqEntries)
    .where(and(eq(faqEntries.published, true), inArray(faqEntries.audience, [...FAQ_AUDIENCES_FOR[reader]])));
  return rows.sort(byPageOrder).map((row) => {
    const answer = locale === "de" ? row.answerDe : row.answerEn;
    return {
      slug: row.slug,
      topic: row.topic as FaqTopic,
      question: locale === "de" ? row.questionDe : row.questionEn,
      // Readers get the numbers, never the placeholder names (docs/architecture.md, "FAQ").
      answer: resolveFaqPlaceholders(answer, locale),
      blocks: faqAnswerBlocks(answer, locale),
    };
  });
}
