import { SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { Feature } from "./feature-grid.tsx";

/** Steps of a process, numbered, side by side on wide screens. */
export function NumberedSteps({ steps, cols }: { steps: Feature[]; cols: 3 | 4 }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols === 4 ? 2 : 3, md: cols }} spacing="lg">
      {steps.map((step, index) => (
        <Stack key={step.title} gap="xs">
          <ThemeIcon size={40} radius="xl" fw={800}>
            {index + 1}
          </ThemeIcon>
          <Title order={3} fz="lg">
            {step.title}
          </Title>
          <Text c="dimmed" fz="sm">
            {step.text}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
