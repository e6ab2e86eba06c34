import { Box, Container, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The coloured band at the top of a content page. */
export function PageHero({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <Box
      bg="brand.0"
      py={{ base: 40, sm: 64 }}
      style={{ borderBottom: "1px solid var(--mantine-color-brand-1)" }}
    >
      <Container size="lg">
        <Title order={1} fz={{ base: 26, xs: 32, sm: 42 }} maw={760}>
          {title}
        </Title>
        {text && (
          <Text fz={{ base: "md", sm: "lg" }} mt="md" maw={720} c="dark.6">
            {text}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}
