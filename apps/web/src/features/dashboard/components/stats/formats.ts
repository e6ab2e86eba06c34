import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../../../../shared/lib/formats.ts";

/** The page's formats ("1.234", "12,08 €", "Nov.") and the statistics' calendar weeks. */
export function useStatsFormats() {
  const formats = useLocaleFormats();
  const { t } = useTranslation("dashboard");
  return useMemo(
    () => ({
      ...formats,
      /** "2026-W47" -> "KW 47" / "Wk 47". */
      weekShort: (period: string) => t("weekShort", { week: Number(period.split("-W")[1]) }),
      /** "KW 47, ab 16.11." / "Wk 47, from 16/11". */
      weekLong: (period: string, start: string) =>
        t("weekLong", { week: Number(period.split("-W")[1]), start: formats.dayShort(start) }),
    }),
    [formats, t],
  );
}

export type StatsFormats = ReturnType<typeof useStatsFormats>;
