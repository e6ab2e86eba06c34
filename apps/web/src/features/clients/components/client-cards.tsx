import { Anchor, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { type Client, customerLabel, formatPhone } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { CardField } from "../../../shared/ui/card-field.tsx";
import { CardList } from "../../../shared/ui/card-list.tsx";

/** The clients as stacked cards (phones and narrow windows), one per customer. */
export function ClientCards({ clients }: { clients: Client[] }) {
  const { t } = useTranslation("clients");
  const format = useLocaleFormats();
  const locale = useLocale();
  return (
    <CardList items={clients} label={t("table.label")} testId="client-row">
      {(client) => {
        const name = [client.first_name, client.surname].filter(Boolean).join(" ");
        return (
          <>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{customerLabel({ name, number: client.number }, locale)}</Text>
                <Anchor href={`mailto:${client.email}`} size="sm" style={{ overflowWrap: "anywhere" }}>
                  {client.email}
                </Anchor>
              </div>
              <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                <Text fw={700} size="lg" lh={1.2} style={{ fontVariantNumeric: "tabular-nums" }}>
                  {client.points}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("fields.points")}
                </Text>
              </Stack>
            </Group>
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" mt="sm">
              <CardField label={t("fields.phone")}>
                {client.phone ? (
                  <Anchor href={`tel:${client.phone.replace(/\s+/g, "")}`} size="sm" c="inherit">
                    {formatPhone(client.phone)}
                  </Anchor>
                ) : (
                  "–"
                )}
              </CardField>
              <CardField label={t("fields.birthDate")}>
                {client.date_of_birth ? format.day(client.date_of_birth) : "–"}
              </CardField>
              <CardField label={t("fields.lastVisit")}>{format.dateMedium(client.last_visit)}</CardField>
              <CardField label={t("fields.numberLong")}>{client.number}</CardField>
            </SimpleGrid>
          </>
        );
      }}
    </CardList>
  );
}
