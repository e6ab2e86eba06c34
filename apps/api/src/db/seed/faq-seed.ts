import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { faqEntries, faqSeeds } from "../schema/index.ts";
import { FAQ_SEED_ENTRIES } from "./faq-texts.ts";

/**
 * Inserts the launch FAQ entries that were never inserted before; safe to run at every start.
 * Unlike the other reference data it never overwrites: once seeded, an entry belongs to the team,
 * and one they deleted stays deleted (faq_seeds remembers it). A seeded entry whose anchor a team
 * entry already uses is skipped.
 */
export async function seedFaqEntries(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // One seeding at a time, so two processes starting together do not both insert.
    await tx.execute(sql`lock table faq_seeds in exclusive mode`);
    const done = new Set((await tx.select({ key: faqSeeds.seedKey }).from(faqSeeds)).map((r) => r.key));
    const missing = FAQ_SEED_ENTRIES.filter((entry) => !done.has(entry.slug));
    if (missing.length === 0) return;
    for (const entry of missing) {
      await tx
        .insert(faqEntries)
        .values({
          ...entry,
          // At the end of its topic: in list order on a new database, after the team's entries later.
          sortOrder: sql`1 + coalesce((select max(sort_order) from faq_entries where topic = ${entry.topic}), 0)`,
          audience: "both",
          published: true,
        })
        .onConflictDoNothing({ target: faqEntries.slug });
    }
    await tx.insert(faqSeeds).values(missing.map((entry) => ({ seedKey: entry.slug })));
  });
}
