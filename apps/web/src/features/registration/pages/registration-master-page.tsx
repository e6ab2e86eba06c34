import { RegistrationWizard } from "../components/registration-wizard.tsx";

/** /{locale}/register/master: franchisors and multi-location owners. */
export default function RegistrationMasterPage() {
  return <RegistrationWizard type="master" />;
}
