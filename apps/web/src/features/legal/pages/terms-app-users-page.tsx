import { LegalDocument } from "../components/legal-document.tsx";

export default function TermsAppUsersPage() {
  return <LegalDocument name="termsAppUsers" />;
}
