import { and, eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";

/** Waits after the n-th failed attempt: 1, 2, 4 … minutes, capped at one hour. A mail is never dropped. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

export function createTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

/**
 * Delivers due mails from the outbox by SMTP. Each mail is claimed with a lease (next attempt
 * moved ahead) before sending, so several API processes never send the same mail twice at once;
 * a process that dies mid-send leaves the mail to be retried when the lease runs out.
 */
export async function deliverDueMails(
  db: Database,
  transport: Transporter,
  from: string,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const [mail] = await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + interval '5 minutes'` })
      .where(
        eq(
          mailOutbox.id,
          sql`(select id from mail_outbox where status = 'queued' and next_attempt_at <= now()
               order by next_attempt_at, id limit 1 for update skip locked)`,
        ),
      )
      .returning();
    if (!mail) break;
    try {
      await transport.sendMail({
        from,
        to: mail.toAddress,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { "X-Stempla-Mail-Id": String(mail.id) },
      });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: mail.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, mail.id));
      sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
        })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, "queued")));
      failed++;
    }
  }
  return { sent, failed };
}

/** Runs the sender every few seconds until stopped. */
export function startMailSender(
  db: Database,
  smtpUrl: string,
  from: string,
  log: { error: (obj: object, msg: string) => void },
  intervalMs = 5000,
): () => Promise<void> {
  const transport = createTransport(smtpUrl);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => deliverDueMails(db, transport, from))
      .catch((err) => log.error({ err }, "mail sender failed"));
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
    transport.close();
  };
}
