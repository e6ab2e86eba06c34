import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { formatsFor } from "../../../shared/lib/formats.ts";

const MINUTE = 60_000;

/** The page's formats, with waiting times. */
export function useFormats() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  return {
    ...formatsFor(locale),
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
