import { useProvider } from "../../../shared/api/provider-query.ts";
import { LegalDocument } from "../components/legal-document.tsx";
import { ProviderCard } from "../components/provider-card.tsx";

export default function ImprintPage() {
  const provider = useProvider();
  return (
    <LegalDocument name="imprint">{provider.data && <ProviderCard provider={provider.data} />}</LegalDocument>
  );
}
