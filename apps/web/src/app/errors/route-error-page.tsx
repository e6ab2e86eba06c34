import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundPage } from "./not-found-page.tsx";

/** Shown when a page cannot be rendered: a 404 stays a 404, anything else offers a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
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
