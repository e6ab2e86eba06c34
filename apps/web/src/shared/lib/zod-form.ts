import { type Locale, translate } from "@stempla/domain";
import type { z } from "zod";

/**
 * A Mantine form validator from a shared zod schema: the browser shows exactly the messages the
 * server would answer with, in the page's language.
 */
export function zodValidate<T extends z.ZodType>(schema: T, locale: Locale) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join(".");
      errors[field] ??= translate(issue.message, locale);
    }
    return errors;
  };
}

/** Server field errors ({ field: [messages] }) in Mantine's shape ({ field: message }). */
export function firstMessages(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0] ?? ""]));
}
