import {
  Card,
  Divider,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { monthlyPrice, type PriceLine } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { formatsFor } from "../../../shared/lib/formats.ts";

const MAX_LOCATIONS = 1000;
const MAX_SCANS = 10_000_000;

/** Clamps what a visitor typed to what the pricing function accepts (whole numbers in range). */
function whole(value: string | number, max: number): number {
  const n = typeof value === "number" ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(0, Math.floor(n))) : 0;
}

/** The monthly price of an account, computed by the same function the invoices use. */
export function PriceCalculator() {
  const { t } = useTranslation("pricing");
  const locale = useLocale();
  // What the field shows, and the last valid count the price is computed for: an account has at
  // least one location (its minimum is what the price is made of), so 0 or an empty field is
  // refused on the field instead of pricing nothing.
  const [locationsInput, setLocationsInput] = useState<string | number>(1);
  const [locations, setLocations] = useState(1);
  const locationsError = whole(locationsInput, MAX_LOCATIONS) < 1 ? t("calculator.locationsMin") : undefined;
  const [scans, setScans] = useState(300);
  const [menuOn, setMenuOn] = useState(false);
  const [menuLocations, setMenuLocations] = useState(1);

  const price = monthlyPrice({
    locations,
    scans,
    digitalMenuLocations: menuOn ? Math.min(menuLocations, locations) : 0,
  });
  const { money, number } = formatsFor(locale);
  const separators =
    locale === "de"
      ? { thousandSeparator: ".", decimalSeparator: "," }
      : { thousandSeparator: ",", decimalSeparator: "." };

  const lineLabel = (line: PriceLine) =>
    t(`calculator.lines.${line.kind}`, {
      count: line.quantity,
      quantity: number(line.quantity),
      unit: money(line.unitCents),
      included: number(price.includedScans),
    });

  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm">
      <Title order={2} fz={24}>
        {t("calculator.title")}
      </Title>
      <Text c="dimmed" fz="sm" mt={4}>
        {t("calculator.intro")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="lg">
        <NumberInput
          label={t("calculator.locations")}
          value={locationsInput}
          onChange={(v) => {
            setLocationsInput(v);
            const count = whole(v, MAX_LOCATIONS);
            if (count >= 1) setLocations(count);
          }}
          error={locationsError}
          min={1}
          clampBehavior="none"
          max={MAX_LOCATIONS}
          allowDecimal={false}
          allowNegative={false}
          {...separators}
        />
        <NumberInput
          label={t("calculator.scans")}
          description={t("calculator.scansHint")}
          // The hint goes below the field, so both fields of the row start on one line.
          inputWrapperOrder={["label", "input", "description", "error"]}
          value={scans}
          onChange={(v) => setScans(whole(v, MAX_SCANS))}
          min={0}
          max={MAX_SCANS}
          step={50}
          allowDecimal={false}
          allowNegative={false}
          {...separators}
        />
      </SimpleGrid>
      <Group mt="md" align="flex-end">
        <Switch
          label={t("calculator.menu")}
          checked={menuOn}
          onChange={(event) => setMenuOn(event.currentTarget.checked)}
        />
        {menuOn && locations > 1 && (
          <NumberInput
            label={t("calculator.menuLocations")}
            value={Math.min(menuLocations, locations)}
            onChange={(v) => setMenuLocations(Math.max(1, whole(v, locations)))}
            min={1}
            max={locations}
            allowDecimal={false}
            allowNegative={false}
            w={200}
          />
        )}
      </Group>

      <Divider my="lg" />
      <Table verticalSpacing={6} aria-label={t("calculator.resultLabel")}>
        <Table.Tbody>
          {price.lines.map((line) => (
            <Table.Tr key={line.kind}>
              <Table.Td>{lineLabel(line)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {money(line.totalCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={4} mt="md">
        <Group justify="space-between">
          <Text fw={700}>{t("calculator.net")}</Text>
          <Text fw={700} data-testid="price-net">
            {money(price.netCents)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text c="dimmed">{t("calculator.vat", { rate: price.vatRatePercent })}</Text>
          <Text c="dimmed" data-testid="price-vat">
            {money(price.vatCents)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text fw={800} fz="lg">
            {t("calculator.gross")}
          </Text>
          <Text fw={800} fz="lg" c="brand.8" data-testid="price-gross">
            {money(price.grossCents)}
          </Text>
        </Group>
      </Stack>
      <Text fz="xs" c="dimmed" mt="md">
        {t("calculator.footnote")}
      </Text>
    </Card>
  );
}
