import type { Locale } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import { type MailContent, renderMail } from "./layout.ts";

export interface QueuedMail {
  template: string;
  locale: Locale;
  to: string;
  replyTo?: string;
  content: MailContent;
}

/**
 * Writes mails to the outbox. Call it with the transaction of the change that causes the mails,
 * so a mail exists exactly when its cause was committed.
 */
export async function queueMails(db: Database, mails: QueuedMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insert(mailOutbox)
    .values(
      mails.map((mail) => {
        const rendered = renderMail(mail.content, mail.locale);
        return {
          template: mail.template,
          locale: mail.locale,
          toAddress: mail.to,
          replyTo: mail.replyTo ?? null,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
        };
      }),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

/** The logins of a partner company, who receive its mails (invoices, reminders, notices). */
export async function partnerRecipients(
  db: Database,
  companyId: number,
): Promise<{ email: string; locale: string }[]> {
  return rowsOf<{ email: string; locale: string }>(
    await db.execute(
      sql`select email, locale from users where company_id = ${companyId} and role = 'partner' order by id`,
    ),
  );
}

export { approvalNextSteps } from "./approval-next-steps.ts";
// What other modules write their mails with: the content type and escaping of the layout, the day
// texts, and the mails that belong to no other module's own texts (docs/architecture.md, module boundaries).
export { longDayText, shortDayText } from "./day-text.ts";
export { escapeHtml, type MailContent } from "./layout.ts";
export { pinLockedMail } from "./pin-lock-mail.ts";
export { statusChangedMail } from "./status-mail.ts";
export { confirmationMail, passwordChangedMail, passwordResetMail } from "./templates.ts";
