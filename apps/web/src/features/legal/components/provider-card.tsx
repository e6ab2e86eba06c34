import { Card, SimpleGrid, Text } from "@mantine/core";
import type { ProviderInfo } from "@stempla/domain";
import { useTranslation } from "react-i18next";

/** The imprint's mandatory details (§ 5 DDG) from the server's configuration. */
export function ProviderCard({ provider }: { provider: ProviderInfo }) {
  const { t } = useTranslation("legal");
  const rows: [string, string][] = [
    [t("provider.company"), provider.name],
    [t("provider.address"), `${provider.street}\n${provider.postcode} ${provider.city}`],
    [t("provider.managingDirectors"), provider.managing_directors],
    [t("provider.register"), provider.register],
    [t("provider.vatId"), provider.vat_id],
    [t("provider.phone"), provider.phone],
    [t("provider.email"), provider.email],
  ];
  return (
    <Card withBorder radius="lg" padding="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
              {label}
            </Text>
            <Text style={{ whiteSpace: "pre-line" }}>{value}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
