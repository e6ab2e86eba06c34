import { Anchor, Card, Group, Stack, Table, Text, ThemeIcon, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { StatusBadge } from "../../../shared/ui/status-badge.tsx";
import { useReviewQueue } from "../api/get-review-queue.ts";
import { useFormats } from "./formats.ts";
import { PagedTable } from "./paged-table.tsx";
import { reviewOverdue } from "./review-overdue.ts";

/** Accounts waiting for the team: new set-ups (yellow) and changes (orange), the longest waiting first. */
export function ReviewQueue() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { pathname, search } = useLocation();
  // The partner page's back link returns to this list (and its tab).
  const from = `${pathname}${search}`;
  const format = useFormats();
  const now = Date.now();

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t("review.order")}
      </Text>
      <PagedTable
        labels={{
          count: (count) => t("review.count", { count }),
          table: t("tabs.review"),
          none: t("review.emptyTitle"),
        }}
        // What the team decides by comes first, so phones show it before the table scrolls.
        headers={["company", "status", "waiting", "type", "email"].map((h) => t(`review.${h}`))}
        minWidth={760}
        useRows={useReviewQueue}
        empty={
          <Card withBorder radius="lg" padding="xl" data-testid="review-empty">
            <Stack align="center" ta="center" gap="xs">
              <ThemeIcon size={48} radius="xl" color="green.7" variant="light" aria-hidden="true">
                <Icon name="check" size={26} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {t("review.emptyTitle")}
              </Title>
              <Text c="dimmed" maw={520}>
                {t("review.emptyText")}
              </Text>
            </Stack>
          </Card>
        }
        row={(r) => (
          <>
            <Table.Td>
              <Anchor
                component={Link}
                to={paths.adminPartner(locale, { id: r.id })}
                state={{ from }}
                fw={600}
                size="sm"
              >
                {r.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t(`review.kind.${r.status === "orange" ? "orange" : "yellow"}`)}
              </Text>
              {/* On phones the waiting time also shows here, before the table scrolls sideways. */}
              <Text size="xs" fw={600} hiddenFrom="sm">
                {format.waiting(r.since, now)}
              </Text>
            </Table.Td>
            {/* Wide enough for the badge's word, which would otherwise be cut to "GE…". */}
            <Table.Td miw={104}>
              <StatusBadge status={r.status} />
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                  {format.waiting(r.since, now)}
                </Text>
                {reviewOverdue(r.status, r.since, now) && (
                  <SoftBadge color="red">{t("review.overdue")}</SoftBadge>
                )}
              </Group>
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {format.dateTime(r.since)}
              </Text>
            </Table.Td>
            <Table.Td>{t(`partners.types.${r.type}`)}</Table.Td>
            <Table.Td>{r.email}</Table.Td>
          </>
        )}
      />
    </Stack>
  );
}
