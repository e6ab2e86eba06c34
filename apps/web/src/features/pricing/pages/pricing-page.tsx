import { Card, Container, Grid, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  CONTRACT,
  DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION,
  EARLY_TERMINATION_FEE_CENTS,
  formatMoney,
  HARDWARE_FREE_AFTER_MONTHS,
  HARDWARE_PRICES_CENTS,
  INCLUDED_SCANS_PER_LOCATION,
  MINIMUM_MONTHLY_CENTS_PER_LOCATION,
  PRICE_PER_SCAN_CENTS,
} from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { PageHero } from "../../../shared/ui/page-hero.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { PriceCalculator } from "../components/price-calculator.tsx";

export default function PricingPage() {
  const { t } = useTranslation("pricing");
  const locale = useLocale();
  useDocumentTitle(t("meta.title"));
  const money = (cents: number) => formatMoney(cents, locale);
  const values = {
    perScan: money(PRICE_PER_SCAN_CENTS),
    minimum: money(MINIMUM_MONTHLY_CENTS_PER_LOCATION),
    included: INCLUDED_SCANS_PER_LOCATION,
    menu: money(DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION),
    card: money(HARDWARE_PRICES_CENTS.chipCard),
    sticker: money(HARDWARE_PRICES_CENTS.sticker),
    feeMaster: money(EARLY_TERMINATION_FEE_CENTS.master),
    feePartner: money(EARLY_TERMINATION_FEE_CENTS.partner),
    term: CONTRACT.minimumTermMonths,
    notice: CONTRACT.noticeMonthsToQuarterEnd,
    free: HARDWARE_FREE_AFTER_MONTHS,
  };
  const facts = (key: string) => t(key, { returnObjects: true, ...values }) as string[];

  return (
    <>
      <PageHero title={t("hero.title")} text={t("hero.text", values)} />
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
