import { LegalDocument } from "../components/legal-document.tsx";

export default function CommunityGuidelinesPage() {
  return <LegalDocument name="communityGuidelines" />;
}
