import { Card, Container, Grid, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { CtaBand, CtaButton } from "../../../shared/ui/cta-band.tsx";
import { Icon } from "../../../shared/ui/icons.tsx";
import { PageHero } from "../../../shared/ui/page-hero.tsx";
import { PriceCalculator } from "../components/price-calculator.tsx";

export default function PricingPage() {
  const { t } = useTranslation("pricing");
  const locale = useLocale();
  // The prices and terms in these texts are the product's numbers (shared/i18n/product-numbers.ts).
  const facts = (key: string) => t(key, { returnObjects: true }) as string[];

  return (
    <>
      <PageHero title={t("hero.title")} text={t("hero.text")} />
      <Container size="lg" py={56}>
        <Grid gap={40}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <PriceCalculator />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <FactCard title={t("model.title")} items={facts("model.items")} />
              <FactCard title={t("hardware.title")} items={facts("hardware.items")} />
              <FactCard title={t("contract.title")} items={facts("contract.items")} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
      <CtaBand
        title={t("register.title")}
        text={t("register.text")}
        actions={
          <>
            <CtaButton to={paths.register(locale)}>{t("register.action")}</CtaButton>
            <CtaButton to={`${paths.contactUs(locale)}?topic=sales`} secondary>
              {t("register.contact")}
            </CtaButton>
          </>
        }
      />
    </>
  );
}

function FactCard({ title, items }: { title: string; items: string[] }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      <List
        spacing={8}
        fz="sm"
        icon={
          <ThemeIcon size={20} radius="xl" variant="light">
            <Icon name="check" size={14} />
          </ThemeIcon>
        }
      >
        {items.map((item) => (
          <List.Item key={item}>
            <Text fz="sm">{item}</Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
