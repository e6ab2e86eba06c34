import { z } from "zod";
import { emailSchema, multiLineString, optionalText, personNameSchema } from "../validation/fields.ts";
import { optionalPhoneSchema } from "../validation/phone.ts";

export const CONTACT_TOPICS = ["general", "sales", "support", "billing", "press"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** The public contact form (/{locale}/contact-us) and POST /api/v2/contact. */
export const contactMessageSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  company: optionalText(100),
  phone: optionalPhoneSchema,
  topic: z.enum(CONTACT_TOPICS, { error: "contact.topic.invalid" }),
  message: multiLineString("contact.message.min")
    .min(10, { error: "contact.message.min" })
    .max(5000, { error: "contact.message.max" }),
  privacy_accepted: z.literal(true, { error: "contact.privacy.required" }),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** POST /contact (201): the stored message's id. */
export const contactMessageSentSchema = z.object({ id: z.number() });
export type ContactMessageSent = z.infer<typeof contactMessageSentSchema>;
