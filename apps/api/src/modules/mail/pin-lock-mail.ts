import { berlinDateTimeText, type Locale, STAFF_PIN } from "@stempla/domain";
import type { MailContent } from "./layout.ts";

/** The lock's end as the partner reads it: German time, as their shops are in Germany. */
function endOf(locale: Locale, until: Date): string {
  const formatted = berlinDateTimeText(until, locale);
  return locale === "de" ? `${formatted} Uhr` : `${formatted} (German time)`;
}

/**
 * Sent once when a location's staff PIN locks after too many wrong PINs (docs/product.md,
 * "Staff PIN"): someone may be guessing it, so the partner should set a new one.
 */
export function pinLockedMail(
  locale: Locale,
  p: { locationName: string; failures: number; lockedUntil: Date; link: string },
): MailContent {
  const until = endOf(locale, p.lockedUntil);
  const hours = STAFF_PIN.locationWindowMinutes / 60;
  return locale === "de"
    ? {
        subject: `Personal-PIN gesperrt: ${p.locationName}`,
        paragraphs: [
          "Guten Tag,",
          `an Ihrem Standort „${p.locationName}“ wurde die Personal-PIN innerhalb von ${hours} Stunden ${p.failures}-mal falsch eingegeben. Zum Schutz Ihrer Stempelkarten haben wir die PIN für diesen Standort vorübergehend gesperrt.`,
          "Solange die Sperre besteht, kann Ihr Personal dort keine Karten einlösen und keine Punkte über das Sammellimit hinaus mit der PIN freigeben – auch nicht mit der richtigen PIN. Das normale Punktesammeln ist nicht betroffen.",
          "Falsche Eingaben in dieser Zahl deuten darauf hin, dass jemand versucht, Ihre PIN zu erraten. Bitte legen Sie im Dashboard eine neue PIN fest und teilen Sie sie nur Ihrem Personal mit. Mit der neuen PIN ist die Sperre sofort aufgehoben.",
        ],
        facts: [
          ["Standort", p.locationName],
          ["Gesperrt bis", until],
        ],
        action: { label: "Neue PIN festlegen", url: p.link },
        afterAction: [
          "Ohne neue PIN endet die Sperre von selbst zum genannten Zeitpunkt. Die Auffälligkeit finden Sie auch in Ihrer Statistik unter „Auffälligkeiten“.",
        ],
      }
    : {
        subject: `Staff PIN locked: ${p.locationName}`,
        paragraphs: [
          "Hello,",
          `at your location "${p.locationName}" the staff PIN was entered wrongly ${p.failures} times within ${hours} hours. To protect your stamp cards we have temporarily locked the PIN for this location.`,
          "While it is locked, your staff there cannot redeem cards or grant points beyond the collection limit with the PIN – not even with the correct PIN. Collecting points as usual is not affected.",
          "This many wrong entries suggest that someone is trying to guess your PIN. Please set a new PIN in the dashboard and share it only with your staff. The new PIN lifts the lock at once.",
        ],
        facts: [
          ["Location", p.locationName],
          ["Locked until", until],
        ],
        action: { label: "Set a new PIN", url: p.link },
        afterAction: [
          "Without a new PIN the lock ends by itself at the time above. You also find the event in your statistics under “Unusual activity”.",
        ],
      };
}
