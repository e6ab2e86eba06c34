import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { RegistrationWizard } from "../components/registration-wizard.tsx";

/** /{locale}/register and /{locale}/partner-registration. */
export default function RegistrationPage() {
  const { t } = useTranslation("registration");
  useDocumentTitle(t("title"));
  return <RegistrationWizard type="partner" />;
}
