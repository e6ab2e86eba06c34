import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { RegistrationWizard } from "../components/registration-wizard.tsx";

/** /{locale}/register/master: franchisors and multi-location owners. */
export default function RegistrationMasterPage() {
  const { t } = useTranslation("registration");
  useDocumentTitle(t("titleMaster"));
  return <RegistrationWizard type="master" />;
}
