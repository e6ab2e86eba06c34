import { Alert, Container, List, Skeleton, Stack, Text, Title } from "@mantine/core";
import { CONTRACT } from "@stempla/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useProvider } from "../../../shared/api/provider-query.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { formatsFor } from "../../../shared/lib/formats.ts";
import { PageHero } from "../../../shared/ui/page-hero.tsx";

export type LegalDocumentName =
  | "imprint"
  | "privacy"
  | "termsPartners"
  | "termsAppUsers"
  | "communityGuidelines";

interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

/**
 * A legal text from locales/<lang>/legal.json. The provider's identity comes from the server's
 * configuration and fills the {{provider…}} placeholders, so the texts never carry stale data.
 */
export function LegalDocument({ name, children }: { name: LegalDocumentName; children?: ReactNode }) {
  const { t } = useTranslation("legal");
  const locale = useLocale();
  const provider = useProvider();

  if (provider.isError) {
    return (
      <Container size="md" py={56}>
        <Alert color="red" role="alert">
          {provider.error.message}
        </Alert>
      </Container>
    );
  }
  const p = provider.data;
  const values = p && {
    providerName: p.name,
    providerAddress: `${p.street}, ${p.postcode} ${p.city}`,
    providerEmail: p.email,
    providerPhone: p.phone,
    providerRegister: p.register,
    providerVatId: p.vat_id,
    providerManagingDirectors: p.managing_directors,
    supportEmail: p.support_email,
  };
  const sections = values
    ? (t(`${name}.sections`, { returnObjects: true, ...values }) as LegalSection[])
    : [];
  const validSince = formatsFor(locale).date(CONTRACT.termsValidSince);

  return (
    <>
      <PageHero title={t(`${name}.title`)} />
      <Container size="md" py={48}>
        {!values ? (
          <Stack>
            <Skeleton height={20} width="60%" />
            <Skeleton height={80} />
            <Skeleton height={80} />
          </Stack>
        ) : (
          <Stack gap="xl">
            {children}
            <Text c="dark.6">{t(`${name}.intro`, values)}</Text>
            {sections.map((section, index) => (
              <section key={section.heading}>
                <Title order={2} fz={20} mb="xs">
                  {name === "imprint" ? section.heading : `${index + 1}. ${section.heading}`}
                </Title>
                <Stack gap="xs">
                  {section.paragraphs.map((paragraph) => (
                    <Text key={paragraph} fz="sm" lh={1.65}>
                      {paragraph}
                    </Text>
                  ))}
                  {section.list && (
                    <List fz="sm" spacing={4} withPadding>
                      {section.list.map((item) => (
                        <List.Item key={item}>{item}</List.Item>
                      ))}
                    </List>
                  )}
                </Stack>
              </section>
            ))}
            {name !== "imprint" && (
              <Text fz="xs" c="dimmed">
                {t("validSince", { date: validSince })}
              </Text>
            )}
          </Stack>
        )}
      </Container>
    </>
  );
}
