import { Alert, Text } from "@mantine/core";
import { localeTag } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { monthRuns } from "../api/get-collective-months.ts";

/**
 * A franchisee's months billed via its master (docs/decisions/008-franchise-model.md, section 5):
 * they have no invoice in the list, so the page says why and who has them.
 */
export function CollectiveNotice({ master, months }: { master: string; months: string[] }) {
  const { t } = useTranslation("invoices");
  const f = useLocaleFormats();
  const list = new Intl.ListFormat(localeTag(useLocale()), { type: "conjunction" });
  const periods = monthRuns(months).map(([from, to]) =>
    from === to ? f.monthLong(from) : t("collective.range", { from: f.monthLong(from), to: f.monthLong(to) }),
  );
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<Icon name="receipt" size={18} />}
      title={t("collective.title", { master })}
      data-testid="collective-notice"
    >
      <Text size="sm">{t("collective.text", { master, months: list.format(periods) })}</Text>
    </Alert>
  );
}
