import { Box, Card, Group, Table, Text, Title } from "@mantine/core";
import type { ReviewChange } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import type { PartnerReview } from "../api/get-partner-review.ts";
import { useChangeText } from "./change-labels.ts";
import { useFormats } from "./formats.ts";
import classes from "./partner-review.module.css";

/** What the partner changed since the last approval, field by field (orange accounts). */
export function ChangeList({ review }: { review: PartnerReview }) {
  const { t } = useTranslation("admin");
  const format = useFormats();
  const text = useChangeText(review);
  const approval = review.last_approval;
  if (!approval) return null;
  const { changes } = approval;

  return (
    <Card withBorder radius="lg" padding="lg" className={classes.changes} data-testid="changes">
      <Group justify="space-between" align="baseline" gap="xs" mb={4}>
        <Title order={2} fz="lg">
          {t("partner.changes.title", { date: format.date(approval.approved_at) })}
        </Title>
        {changes.length > 0 && (
          <Text size="sm" c="dimmed">
            {t("partner.changes.count", { count: changes.length })}
          </Text>
        )}
      </Group>
      {changes.length === 0 ? (
        <Text c="dimmed">{t("partner.changes.none")}</Text>
      ) : (
        <>
          {review.status.status === "orange" && (
            <Text size="sm" c="dimmed" mb="sm">
              {t("partner.changes.intro")}
            </Text>
          )}
          <Table className={classes.changeTable} verticalSpacing="sm" aria-label={t("partner.changes.table")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="28%">{t("partner.changes.field")}</Table.Th>
                <Table.Th w="36%">{t("partner.changes.before")}</Table.Th>
                <Table.Th w="36%">{t("partner.changes.after")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((change) => (
                <ChangeRow key={change.field} change={change} text={text} />
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Card>
  );
}

function ChangeRow({ change, text }: { change: ReviewChange; text: ReturnType<typeof useChangeText> }) {
  const { t } = useTranslation("admin");
  const shown = text.shown(change);
  return (
    <Table.Tr data-testid="change" data-field={change.field}>
      <Table.Td fw={600}>{text.label(change.field)}</Table.Td>
      <Table.Td data-label={t("partner.changes.before")}>
        {shown.before === null ? (
          <Text span c="dimmed">
            —
          </Text>
        ) : (
          <del className={classes.before}>{shown.before}</del>
        )}
      </Table.Td>
      <Table.Td data-label={t("partner.changes.after")}>
        {shown.after === null ? (
          <SoftBadge color="red">{t("partner.changes.removed")}</SoftBadge>
        ) : (
          <Group gap={6} align="flex-start" wrap="nowrap">
            {shown.before === null && (
              <Box style={{ flex: "none" }}>
                <SoftBadge color="green">{t("partner.changes.added")}</SoftBadge>
              </Box>
            )}
            <ins className={classes.after}>{shown.after}</ins>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
