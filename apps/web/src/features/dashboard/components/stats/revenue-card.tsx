import { Anchor, Button, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { CUSTOMER_WORDS, type DashboardStats } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../../shared/i18n/locale.ts";
import { paths } from "../../../../shared/paths.ts";
import { Icon } from "../../../../shared/ui/icons.tsx";
import { SoftBadge } from "../../../../shared/ui/soft-badge.tsx";
import { AverageReceiptDialog } from "./average-receipt-dialog.tsx";
import { useStatsFormats } from "./formats.ts";
import { StatsSection } from "./stats-section.tsx";

/** The FAQ entry that defines the estimated extra revenue (seeded in apps/api/src/db/seed/faq-texts.ts). */
const FAQ_ENTRY = "estimated-extra-revenue";

/** Estimated extra revenue of the month, with the average receipt it rests on (editable). */
export function RevenueCard({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const format = useStatsFormats();
  const [editing, { open, close }] = useDisclosure(false);
  const words = CUSTOMER_WORDS[locale];
  const receipt = format.money(stats.averageReceiptCents);
  const returningCollects = stats.averageReceiptCents
    ? Math.round(stats.sales / stats.averageReceiptCents)
    : 0;

  return (
    <StatsSection
      title={t("stats.revenue.title")}
      explanation={
        <>
          {t("stats.revenue.explanation", {
            basis: words.revenueBasis,
            definition: words.returningDefinition,
          })}{" "}
          <Anchor
            component={Link}
            // The partners' FAQ, inside the dashboard's frame rather than on the public site.
            to={`${paths.help(locale)}#${FAQ_ENTRY}`}
            inherit
            underline="always"
            data-testid="revenue-faq"
          >
            {t("stats.revenue.faqLink")}
          </Anchor>
        </>
      }
      testId="stats-revenue"
    >
      <Text fz={{ base: 26, sm: 30 }} fw={750} lh={1.2} data-testid="stat-revenue">
        {format.money(stats.sales)}
      </Text>
      <Text size="sm" c="dark.6" mt={4}>
        {t("stats.revenue.formula", { scans: words.revenueScans(returningCollects), receipt })}
      </Text>
      {stats.averageReceiptIsDefault && (
        <Text size="sm" mt="sm" data-testid="revenue-assumption">
          <SoftBadge color="yellow">{t("stats.revenue.assumptionBadge")}</SoftBadge>{" "}
          {t("stats.revenue.assumption", { receipt })}
        </Text>
      )}
      <Button
        variant="default"
        size="xs"
        mt="md"
        style={{ alignSelf: "flex-start" }}
        leftSection={<Icon name="pencil" size={16} />}
        onClick={open}
        data-testid="average-receipt-edit"
      >
        {t("stats.revenue.edit")}
      </Button>
      <AverageReceiptDialog opened={editing} onClose={close} currentCents={stats.averageReceiptCents} />
    </StatsSection>
  );
}
