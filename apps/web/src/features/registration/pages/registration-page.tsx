import { RegistrationWizard } from "../components/registration-wizard.tsx";

/** /{locale}/register and /{locale}/partner-registration. */
export default function RegistrationPage() {
  return <RegistrationWizard type="partner" />;
}
