import {
  conditionsText,
  type Locale,
  NO_CONDITIONS,
  type ReviewChange,
  timeLimitsSchema,
  WEEKDAYS,
} from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import type { PartnerReview } from "../api/get-partner-review.ts";
import { useFormats } from "./formats.ts";

const LOCATION_FIELD = /^location\.(\d+)\.(\w+)$/;

/**
 * Names and shown values of the review snapshot's fields (apps/api/src/modules/review/snapshot.ts):
 * "card.description" -> "Bonuskarte: Angebot", "location.12.openingHours" -> "Filiale Nord:
 * Öffnungszeiten". Unknown fields keep their key, so a new server field still shows.
 */
export function useChangeText(review: PartnerReview) {
  const { t, i18n } = useTranslation("admin");
  const format = useFormats();
  const locale = useLocale();
  const changes = review.last_approval?.changes ?? [];

  const locationName = (id: string) =>
    review.locations.find((l) => String(l.id) === id)?.name ??
    // A removed location is only in the last approved data.
    changes.find((c) => c.field === `location.${id}.name`)?.before ??
    t("partner.changeFields.locationFallback", { id });

  const label = (field: string): string => {
    const location = LOCATION_FIELD.exec(field);
    if (location) {
      const [, id = "", part = ""] = location;
      return i18n.exists(`admin:partner.changeFields.location.${part}`)
        ? t(`partner.changeFields.location.${part}`, { location: locationName(id) })
        : `${locationName(id)}: ${part}`;
    }
    if (field.startsWith("link.")) {
      const type = field.slice("link.".length);
      const name = i18n.exists(`admin:partner.links.${type}`) ? t(`partner.links.${type}`) : type;
      return t("partner.changeFields.link", { type: name });
    }
    return i18n.exists(`admin:partner.changeFields.${field}`) ? t(`partner.changeFields.${field}`) : field;
  };

  const value = (field: string, shown: string): string => {
    if (field === "card.minimumSpendCents" && /^\d+$/.test(shown)) return format.money(Number(shown));
    if (field === "card.timeLimits") return timeLimitsText(shown, locale);
    if (field === "profile.logo") return t("partner.logoVersion", { id: shown });
    if (field.endsWith(".closed") && shown === "yes") return t("partner.yes");
    if (field.endsWith(".openingHours")) return openingHoursText(shown, t);
    return shown;
  };

  /**
   * Before and after as shown. Opening hours list only the days that changed, so one new
   * Saturday does not hide among seven lines.
   */
  const shown = ({ field, before, after }: ReviewChange) => {
    if (field.endsWith(".openingHours") && before !== null && after !== null) {
      const old = before.split("; ");
      const now = after.split("; ");
      if (old.length === now.length) {
        const changed = (_: string, i: number) => old[i] !== now[i];
        return {
          before: openingHoursText(old.filter(changed).join("; "), t),
          after: openingHoursText(now.filter(changed).join("; "), t),
        };
      }
    }
    return {
      before: before === null ? null : value(field, before),
      after: after === null ? null : value(field, after),
    };
  };

  return { label, shown };
}

/** "mon 08:00-12:00,14:00-18:00; tue -" -> one line per day: "Mo 08:00–12:00, 14:00–18:00". */
function openingHoursText(shown: string, t: (key: string) => string): string {
  return shown
    .split("; ")
    .map((entry) => {
      const [day = "", times = "-"] = entry.split(" ");
      const name = (WEEKDAYS as readonly string[]).includes(day) ? t(`partner.days.${day}`) : day;
      const text = times === "-" ? t("partner.dayClosed") : times.replaceAll("-", "–").replaceAll(",", ", ");
      return `${name} ${text}`;
    })
    .join("\n");
}

/**
 * The snapshot keeps time limits as JSON (apps/api/src/modules/review/snapshot.ts), worded here in
 * the console's language; an approval from before they were structured holds the partner's text.
 */
function timeLimitsText(shown: string, locale: Locale): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(shown);
  } catch {
    return shown;
  }
  const limits = timeLimitsSchema.safeParse(parsed);
  if (!limits.success) return shown;
  return conditionsText({ ...NO_CONDITIONS, time_limits: limits.data }, locale).join("\n");
}
