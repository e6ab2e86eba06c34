import { Select } from "@mantine/core";
import { berlinYearMonth } from "@stempla/domain";
import { createContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { useMenuClicksOf } from "../api/banner-calls.ts";
import { clickMonths } from "./click-months.ts";

/**
 * The chosen month's name ("November 2026") for the click count beside each item, wherever a
 * list of items is drawn (the menu's own and the tables'); null outside the editor page.
 */
export const ClicksMonthContext = createContext<string | null>(null);

/**
 * The clicks of the month the partner chose (this month in Berlin, as the server counts them, until
 * another is chosen): the counts by item id, the month's name and the months to choose from.
 */
export function useClicksMonth(shopId: number) {
  const formats = useLocaleFormats();
  const current = berlinYearMonth(new Date());
  const [month, setMonth] = useState(current);
  // While a newly chosen month loads, the previous answer stays: its counts with its own month's name.
  const shown = useMenuClicksOf(shopId, month).data;
  return {
    month,
    setMonth,
    label: formats.monthLong(shown?.month ?? month),
    months: clickMonths(current, shown?.months ?? [], month),
    counts: new Map(shown?.items.map((c) => [c.id, c.clicks])),
  };
}

/** The month picker above the list: this month and every month with clicks, by name. */
export function ClicksMonthSelect({
  month,
  months,
  onChange,
}: {
  month: string;
  months: string[];
  onChange: (month: string) => void;
}) {
  const { t } = useTranslation("menu");
  const formats = useLocaleFormats();
  return (
    <Select
      label={t("clicksMonth.label")}
      description={t("clicksMonth.hint")}
      data={months.map((m) => ({ value: m, label: formats.monthLong(m) }))}
      value={month}
      onChange={(value) => value && onChange(value)}
      allowDeselect={false}
      checkIconPosition="right"
      w={{ base: "100%", xs: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
