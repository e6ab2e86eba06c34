import { type ContactMessage, type ContactTopic, formatPhone, type Locale, SUPPORT } from "@stempla/domain";
import type { Database } from "../../db/client.ts";
import { contactMessages } from "../../db/schema/index.ts";
import { queueMails } from "../mail/service.ts";

const topicNames: Record<Locale, Record<ContactTopic, string>> = {
  de: {
    general: "Allgemeine Frage",
    sales: "Partner werden / Angebot",
    support: "Hilfe zum Dashboard",
    billing: "Rechnung und Zahlung",
    press: "Presse",
  },
  en: {
    general: "General question",
    sales: "Becoming a partner / quote",
    support: "Help with the dashboard",
    billing: "Invoice and payment",
    press: "Press",
  },
};

/**
 * Stores a contact-form message and, in the same transaction, queues the mail to the support
 * team (reply-to the sender) and a confirmation to the sender in their language.
 */
export async function submitContactMessage(
  db: Database,
  input: ContactMessage,
  locale: Locale,
  supportEmail: string,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        company: input.company ?? null,
        phone: input.phone ?? null,
        topic: input.topic,
        message: input.message,
        locale,
      })
      .returning({ id: contactMessages.id });
    const id = row!.id;
    const facts: [string, string][] = [
      ["Name", input.name],
      ["E-Mail", input.email],
      ...(input.company ? [["Firma", input.company] as [string, string]] : []),
      ...(input.phone ? [["Telefon", formatPhone(input.phone)] as [string, string]] : []),
      ["Thema", topicNames.de[input.topic]],
      ["Sprache", locale],
      ["Nachricht", input.message],
    ];
    await queueMails(tx, [
      {
        template: "contact.support",
        locale: "de",
        to: supportEmail,
        replyTo: input.email,
        content: {
          subject: `Kontaktanfrage #${id}: ${topicNames.de[input.topic]} – ${input.name}`,
          paragraphs: ["Über das Kontaktformular ist eine neue Nachricht eingegangen."],
          facts,
        },
      },
      {
        template: "contact.confirmation",
        locale,
        to: input.email,
        content:
          locale === "de"
            ? {
                subject: `Ihre Nachricht an Stempla (#${id})`,
                paragraphs: [
                  `Guten Tag ${input.name},`,
                  "vielen Dank für Ihre Nachricht. Wir melden uns in der Regel innerhalb eines Werktags bei Ihnen. " +
                    `Telefonisch erreichen Sie uns Montag bis Freitag von ${SUPPORT.phoneFrom} bis ${SUPPORT.phoneTo} Uhr.`,
                  "Zur Erinnerung Ihre Angaben:",
                ],
                facts: [
                  ["Thema", topicNames.de[input.topic]],
                  ["Nachricht", input.message],
                ],
              }
            : {
                subject: `Your message to Stempla (#${id})`,
                paragraphs: [
                  `Hello ${input.name},`,
                  "thank you for your message. We usually reply within one working day. " +
                    `You can reach us by phone Monday to Friday from ${SUPPORT.phoneFrom} to ${SUPPORT.phoneTo} (German time).`,
                  "For your records, what you sent us:",
                ],
                facts: [
                  ["Topic", topicNames.en[input.topic]],
                  ["Message", input.message],
                ],
              },
      },
    ]);
    return { id };
  });
}
