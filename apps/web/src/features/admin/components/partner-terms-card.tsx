import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PartnerReview } from "../api/get-partner-review.ts";
import { useFormats } from "./formats.ts";
import { ObjectionCard } from "./terms-objections.tsx";

/** The partner page's terms record: accepted version, when and how, and the account's objections. */
export function PartnerTermsCard({ terms }: { terms: PartnerReview["terms"] }) {
  const { t } = useTranslation("terms");
  const format = useFormats();
  const accepted = terms.accepted;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="partner-terms">
      <Title order={2} fz="lg">
        {t("console.partner.title")}
      </Title>
      <Stack gap="sm" mt="sm">
        {accepted ? (
          <Text size="sm">
            {t(`console.partner.accepted.${accepted.method}`, {
              version: accepted.version,
              since: format.day(accepted.valid_from),
              at: format.dateTime(accepted.accepted_at),
            })}
          </Text>
        ) : (
          <Text size="sm" c="red.8">
            {t("console.partner.none")}
          </Text>
        )}
        {terms.objections.map((objection) => (
          <ObjectionCard key={objection.id} objection={objection} showCompany={false} />
        ))}
      </Stack>
    </Card>
  );
}
