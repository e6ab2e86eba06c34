import { type AccountStatus, localeTag } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { formatsFor } from "../../../shared/lib/formats.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The page's formats, with countries and waiting times. */
export function useFormats() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const regions = new Intl.DisplayNames([localeTag(locale)], { type: "region" });
  return {
    ...formatsFor(locale),
    country: (code: string) => regions.of(code) ?? code,
    /** "seit 3 Tagen", "for 5 hours": how long something has been waiting. */
    waiting: (iso: string, now: number) => {
      const minutes = Math.floor((now - Date.parse(iso)) / MINUTE);
      if (minutes < 1) return t("waiting.justNow");
      if (minutes < 60) return t("waiting.minutes", { count: minutes });
      const hours = Math.floor(minutes / 60);
      if (hours < 24) return t("waiting.hours", { count: hours });
      return t("waiting.days", { count: Math.floor(hours / 24) });
    },
  };
}

/**
 * Whether a review waits longer than promised (spec section 9): a change (orange) up to 3 days,
 * a new set-up (yellow) up to 7 working days (Monday to Friday; holidays are not counted out).
 */
export function reviewOverdue(status: AccountStatus, sinceIso: string, now: number): boolean {
  const since = Date.parse(sinceIso);
  if (status === "orange") return now - since > 3 * DAY;
  if (status !== "yellow") return false;
  const day = new Date(since);
  day.setHours(0, 0, 0, 0);
  let workingDays = 0;
  while (day.getTime() + DAY <= now) {
    day.setDate(day.getDate() + 1);
    if (day.getDay() !== 0 && day.getDay() !== 6 && ++workingDays > 7) return true;
  }
  return false;
}
