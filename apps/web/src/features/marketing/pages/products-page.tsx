import { Alert, Box, Card, Container, List, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CtaBand } from "../../../shared/ui/cta-band.tsx";
import { type Feature, FeatureGrid } from "../../../shared/ui/feature-grid.tsx";
import { Icon } from "../../../shared/ui/icons.tsx";
import { PageHero } from "../../../shared/ui/page-hero.tsx";

const checkIcon = (
  <ThemeIcon size={20} radius="xl">
    <Icon name="check" size={14} />
  </ThemeIcon>
);

export default function ProductsPage() {
  const { t } = useTranslation("products");
  const list = (key: string) => t(key, { returnObjects: true }) as Feature[];

  return (
    <>
      <PageHero title={t("hero.title")} text={t("hero.text")} />
      <Container size="lg" py={56}>
        <Title order={2} fz={28} mb="lg">
          {t("partner.title")}
        </Title>
        <FeatureGrid items={list("partner.items")} icons={["store", "clock", "chart", "shield"]} cols={2} />

        <Title order={2} fz={28} mb="lg" mt={56}>
          {t("customer.title")}
        </Title>
        <FeatureGrid items={list("customer.items")} icons={["user", "scan", "gift", "shield"]} cols={2} />

        {/* Coupons and vouchers (docs/product.md, "Coupons and vouchers"); every number is a product number. */}
        <Box component="section" id="coupons-and-vouchers" aria-labelledby="coupons-title" mt={56}>
          <Title id="coupons-title" order={2} fz={28} mb="sm">
            {t("coupons.title")}
          </Title>
          <Text c="dimmed" mb="lg" maw={760}>
            {t("coupons.text")}
          </Text>
          <FeatureGrid items={list("coupons.items")} icons={["gift", "receipt", "coin"]} />
          <Card withBorder radius="lg" padding="xl" mt="lg">
            <Title order={3} fz="lg" mb="md">
              {t("coupons.facts.title")}
            </Title>
            <List spacing="sm" icon={checkIcon}>
              {(t("coupons.facts.items", { returnObjects: true }) as string[]).map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Card>
        </Box>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt={56}>
          <Card withBorder radius="lg" padding="xl">
            <ThemeIcon size={44} radius="md" variant="light" mb="md">
              <Icon name="box" />
            </ThemeIcon>
            <Title order={2} fz={24}>
              {t("hardware.title")}
            </Title>
            <Text c="dimmed" mt="sm">
              {t("hardware.text")}
            </Text>
            <List mt="md" spacing={6} icon={checkIcon}>
              {(t("hardware.items", { returnObjects: true }) as string[]).map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            <Alert mt="lg" variant="light" color="gray">
              {t("hardware.note")}
            </Alert>
          </Card>
          <Box>
            <Card withBorder radius="lg" padding="xl" h="100%">
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <Icon name="shield" />
              </ThemeIcon>
              <Title order={2} fz={24}>
                {t("fraud.title")}
              </Title>
              <Text c="dimmed" mt="sm">
                {t("fraud.text")}
              </Text>
            </Card>
          </Box>
        </SimpleGrid>
      </Container>
      <CtaBand />
    </>
  );
}
