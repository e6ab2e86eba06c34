import { Container, Group, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { CtaBand, CtaButton } from "../../../shared/ui/cta-band.tsx";
import { type Feature, FeatureGrid } from "../../../shared/ui/feature-grid.tsx";
import { NumberedSteps } from "../../../shared/ui/numbered-steps.tsx";
import { PageHero } from "../../../shared/ui/page-hero.tsx";

export default function DigitalMenuPage() {
  const { t } = useTranslation("digitalMenu");
  const locale = useLocale();
  const list = (key: string) => t(key, { returnObjects: true }) as Feature[];

  return (
    <>
      <PageHero title={t("hero.title")} text={t("hero.text")}>
        <Group mt="lg" gap="xs" align="baseline">
          <Text fz={40} fw={800} c="brand.8">
            {t("hero.price")}
          </Text>
          <Text c="dark.6">{t("hero.priceLabel")}</Text>
        </Group>
      </PageHero>
      <Container size="lg" py={56}>
        <Title order={2} fz={28} mb="lg">
          {t("features.title")}
        </Title>
        <FeatureGrid
          items={list("features.items")}
          icons={["menu", "shield", "clock", "scan", "gift", "link", "users", "chart", "phone"]}
        />

        <Title order={2} fz={28} mb="lg" mt={56}>
          {t("how.title")}
        </Title>
        <NumberedSteps steps={list("how.steps")} cols={3} />
        {/* A paragraph, not a badge: a badge's label is cut to one line. */}
        <Text mt={40} p="md" bg="gray.0" c="dark.7" style={{ borderRadius: "var(--mantine-radius-md)" }}>
          {t("note")}
        </Text>
      </Container>
      <CtaBand
        title={t("cta.title")}
        text={t("cta.text")}
        actions={
          <>
            {/* Partners switch the menu on themselves (decision 009, section 1): registering comes first. */}
            <CtaButton to={paths.register(locale)}>{t("cta.register")}</CtaButton>
            <CtaButton to={`${paths.contactUs(locale)}?topic=sales`} secondary>
              {t("cta.request")}
            </CtaButton>
          </>
        }
      />
    </>
  );
}
