import { Button, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One fact of the company page with its edit action (spec: edit dialogs for single fields). */
export function FieldRow({
  label,
  children,
  onEdit,
  testId,
}: {
  label: string;
  children: ReactNode;
  onEdit?: (() => void) | undefined;
  testId?: string;
}) {
  const { t } = useTranslation("company");
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="md"
      py="sm"
      style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}
      data-testid={testId}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text component="div" fw={500} style={{ wordBreak: "break-word" }}>
          {children}
        </Text>
      </Stack>
      {onEdit && (
        <Button
          variant="subtle"
          size="xs"
          onClick={onEdit}
          aria-label={t("editField", { field: label })}
          style={{ flex: "none" }}
        >
          {t("edit")}
        </Button>
      )}
    </Group>
  );
}
