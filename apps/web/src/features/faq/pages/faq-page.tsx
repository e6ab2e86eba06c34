import { Container } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { PageHero } from "../../../shared/ui/page-hero.tsx";
import { usePublicFaq } from "../api/get-faq.ts";
import { FaqState } from "../components/faq-state.tsx";

/** The public FAQ: the entries the provider team publishes for everyone (console, FAQ tab). */
export default function FaqPage() {
  const { t } = useTranslation("faq");
  const locale = useLocale();
  const faq = usePublicFaq(locale);

  return (
    <>
      <PageHero title={t("title")} text={t("intro")} />
      <Container size="md" py={56}>
        <FaqState query={faq} />
      </Container>
    </>
  );
}
