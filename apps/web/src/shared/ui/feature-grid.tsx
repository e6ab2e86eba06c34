import { Card, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import { Icon, type IconName } from "./icons.tsx";

export interface Feature {
  title: string;
  text: string;
}

/** Cards of title and text, each with an icon; two columns on tablets, three on desktops. */
export function FeatureGrid({
  items,
  icons,
  cols = 3,
}: {
  items: Feature[];
  icons?: IconName[];
  cols?: 2 | 3;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: cols }} spacing="lg">
      {items.map((item, index) => (
        <Card key={item.title} withBorder padding="lg" radius="lg">
          {icons?.[index] && (
            <ThemeIcon size={44} radius="md" variant="light" mb="md">
              <Icon name={icons[index]} />
            </ThemeIcon>
          )}
          <Title order={3} fz="lg" mb={6}>
            {item.title}
          </Title>
          <Text c="dimmed" fz="sm">
            {item.text}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
