import { Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** Name–value rows with a small note each, for sections made of a few figures. */
export function FactList({
  facts,
}: {
  facts: { label: string; value: string; note?: ReactNode; testId?: string }[];
}) {
  return (
    <Stack gap="sm">
      {facts.map((fact) => (
        <div key={fact.label}>
          <Group justify="space-between" gap="sm" wrap="nowrap" align="baseline">
            <Text size="sm">{fact.label}</Text>
            <Text fw={700} fz="lg" ta="right" data-testid={fact.testId} style={{ whiteSpace: "nowrap" }}>
              {fact.value}
            </Text>
          </Group>
          {fact.note && (
            <Text size="xs" c="dimmed">
              {fact.note}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  );
}
