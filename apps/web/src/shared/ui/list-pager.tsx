import { Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageButtons } from "./page-buttons.tsx";

/**
 * "21–40 of 57" and the page buttons below a paged list; nothing while one page holds it all.
 * Turning the page scrolls back to the top of the list.
 */
export function ListPager({
  page,
  perPage,
  total,
  compact,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  /** Phones: no sibling pages beside the current one. */
  compact: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= perPage) return null;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {t("pager.range", {
          from: (page - 1) * perPage + 1,
          to: Math.min(page * perPage, total),
          total,
        })}
      </Text>
      <PageButtons
        total={Math.ceil(total / perPage)}
        value={page}
        onChange={(next) => {
          onPage(next);
          window.scrollTo({ top: 0 });
        }}
        siblings={compact ? 0 : 1}
      />
    </Group>
  );
}
