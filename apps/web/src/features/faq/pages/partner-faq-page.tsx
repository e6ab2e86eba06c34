import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { usePartnerFaq } from "../api/get-faq.ts";
import { FaqState } from "../components/faq-state.tsx";

/** Help in the dashboard: the FAQ entries the provider team publishes for partners. */
export default function PartnerFaqPage() {
  const { t } = useTranslation("faq");
  const locale = useLocale();
  useDocumentTitle(t("partner.title"));
  const faq = usePartnerFaq(locale);

  return (
    <PartnerLayout>
      {() => (
        <Stack gap="xl" maw={860}>
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t("partner.title")}
            </Title>
            <Text c="dimmed">{t("partner.intro")}</Text>
          </div>
          <FaqState query={faq} />
          <Text size="sm" c="dark.6">
            {t("partner.contactText")}{" "}
            <Anchor component={Link} to={paths.contactUs(locale)} inherit underline="always">
              {t("partner.contactLink")}
            </Anchor>
          </Text>
        </Stack>
      )}
    </PartnerLayout>
  );
}
