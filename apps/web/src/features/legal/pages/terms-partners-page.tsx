import { LegalDocument } from "../components/legal-document.tsx";

export default function TermsPartnersPage() {
  return <LegalDocument name="termsPartners" />;
}
