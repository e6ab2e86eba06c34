import { Alert, Anchor, Card, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocale } from "../i18n/locale.ts";
import { formatDay, formatsFor } from "../lib/formats.ts";
import { paths } from "../paths.ts";
import { usePartnerTerms } from "./terms-calls.ts";

/** The company page's record of the accepted partner terms: version, since when, accepted when and how. */
export function AcceptedTermsCard() {
  const { t } = useTranslation("terms");
  const locale = useLocale();
  const terms = usePartnerTerms(locale);
  const accepted = terms.data?.accepted;

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="accepted-terms">
      <Title order={2} fz="lg">
        {t("company.title")}
      </Title>
      {terms.isError && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {terms.error.message}
        </Alert>
      )}
      {terms.isPending && <Loader size="sm" mt="sm" aria-label={t("company.loading")} />}
      {terms.data && (
        <Stack gap={6} mt="sm">
          {accepted ? (
            <>
              <Text size="sm">
                {t("company.version", {
                  version: accepted.version,
                  date: formatDay(accepted.valid_from, locale),
                })}
              </Text>
              <Text size="sm" c="dark.6">
                {t(`company.accepted.${accepted.method}`, {
                  at: formatsFor(locale).dateTime(accepted.accepted_at),
                })}
              </Text>
            </>
          ) : (
            <Text size="sm">{t("company.none")}</Text>
          )}
          {terms.data.change && (
            <Text size="sm" c="dark.6">
              {terms.data.change.objection
                ? t("company.changeObjected", {
                    version: terms.data.change.version,
                    date: formatDay(terms.data.change.valid_from, locale),
                  })
                : t("company.changePending", {
                    version: terms.data.change.version,
                    date: formatDay(terms.data.change.valid_from, locale),
                  })}
            </Text>
          )}
          <Anchor href={paths.termsPartners(locale)} target="_blank" size="sm" underline="always">
            {t("company.read")}
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}
