import { Button, Container, Group, Paper, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../i18n/locale.ts";
import { paths } from "../paths.ts";

/** The closing call to action of the marketing pages. */
export function CtaBand() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Container size="lg" mt={72}>
      <Paper radius="xl" p={{ base: "xl", sm: 48 }} bg="dark.8" c="white">
        <Title order={2} fz={{ base: 24, sm: 32 }}>
          {t("cta.title")}
        </Title>
        <Text mt="sm" c="gray.3" maw={640}>
          {t("cta.text")}
        </Text>
        <Group mt="xl">
          <Button component={Link} to={paths.pricing(locale)} size="md" color="brand.4" c="dark.9">
            {t("cta.pricing")}
          </Button>
          <Button
            component={Link}
            to={`${paths.contactUs(locale)}?topic=sales`}
            size="md"
            variant="white"
            color="dark"
          >
            {t("cta.contact")}
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}
