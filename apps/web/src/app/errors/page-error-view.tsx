import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Shown when a page cannot be loaded or rendered; offers a reload. */
export function PageErrorView() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center">
        <Title order={1}>{t("errors.pageTitle")}</Title>
        <Text c="dimmed">{t("errors.pageText")}</Text>
        <Button onClick={() => window.location.reload()}>{t("errors.reload")}</Button>
      </Stack>
    </Container>
  );
}
