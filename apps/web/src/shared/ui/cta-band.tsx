import { Button, Container, Group, Paper, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../i18n/locale.ts";
import { paths } from "../paths.ts";

interface CtaBandProps {
  /** A page's own call to action; without it, the generic one (prices and a sales enquiry). */
  title?: string;
  text?: string;
  actions?: ReactNode;
}

/** The closing call to action of the marketing pages. */
export function CtaBand({ title, text, actions }: CtaBandProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Container size="lg" mt={72}>
      <Paper radius="xl" p={{ base: "xl", sm: 48 }} bg="dark.8" c="white">
        <Title order={2} fz={{ base: 24, sm: 32 }}>
          {title ?? t("cta.title")}
        </Title>
        <Text mt="sm" c="gray.3" maw={640}>
          {text ?? t("cta.text")}
        </Text>
        <Group mt="xl">
          {actions ?? (
            <>
              <CtaButton to={paths.pricing(locale)}>{t("cta.pricing")}</CtaButton>
              <CtaButton to={`${paths.contactUs(locale)}?topic=sales`} secondary>
                {t("cta.contact")}
              </CtaButton>
            </>
          )}
        </Group>
      </Paper>
    </Container>
  );
}

/** A link button on the dark band: the first action bright, further ones white. */
export function CtaButton({
  to,
  secondary,
  children,
}: {
  to: string;
  secondary?: boolean;
  children: ReactNode;
}) {
  return secondary ? (
    <Button component={Link} to={to} size="md" variant="white" color="dark">
      {children}
    </Button>
  ) : (
    <Button component={Link} to={to} size="md" color="brand.4" c="dark.9">
      {children}
    </Button>
  );
}
