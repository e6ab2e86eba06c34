import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../shared/i18n/locale.ts";
import { paths } from "../../shared/paths.ts";

/** The 404 page (spec section 8): the server answers these paths with status 404. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={96} fw={800} lh={1} c="brand.7" aria-hidden>
          404
        </Text>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t("notFound.title")}
        </Title>
        <Button component={Link} to={paths.home(locale)} variant="light" mt="md">
          {t("notFound.home")}
        </Button>
      </Stack>
    </Container>
  );
}
