import { Container, Paper, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The narrow centred card of the login, reset and confirmation pages. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Container size={460} py={{ base: 32, sm: 64 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} ta="center">
        {title}
      </Title>
      {intro && (
        <Text c="dimmed" ta="center" mt="xs">
          {intro}
        </Text>
      )}
      <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }} mt="xl">
        {children}
      </Paper>
    </Container>
  );
}
