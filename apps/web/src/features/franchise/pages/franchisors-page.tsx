import { Alert, Anchor, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFranchiseView } from "../../../shared/franchise/franchise-calls.ts";
import { FranchiseLocations } from "../../../shared/franchise/franchise-locations.tsx";
import { FranchiseNotice } from "../../../shared/franchise/franchise-notice.tsx";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { CollectiveInvoicingCard } from "../components/collective-invoicing-card.tsx";
import { FranchiseesSection } from "../components/franchisees-section.tsx";
import { InvitationsSection } from "../components/invitations-section.tsx";

/**
 * /{locale}/franchisors (docs/decisions/008-franchise-model.md, section 6): a master runs its
 * network here. Every other partner gets an explanation instead of an error: a franchisee its own
 * place in its network, a single partner how to become a franchisor.
 */
export default function FranchisorsPage() {
  const { t } = useTranslation("franchise");
  useDocumentTitle(t("title"));
  return (
    <PartnerLayout>
      {(_profile, company) => (
        <Stack gap="xl" maw={1100}>
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t("title")}
            </Title>
            <Text c="dimmed" maw={760}>
              {company.type === "master" ? t("intro") : t("notMaster.intro")}
            </Text>
          </div>
          {company.type === "master" ? <MasterView /> : <NotAMaster franchisee={company.type === "slave"} />}
        </Stack>
      )}
    </PartnerLayout>
  );
}

function MasterView() {
  const { t } = useTranslation("franchise");
  const view = useFranchiseView();
  return (
    <>
      {view.isError && (
        <Alert color="red" variant="light" role="alert">
          {view.error.message}
        </Alert>
      )}
      {view.isPending && <Skeleton h={160} radius="lg" aria-label={t("loading")} />}
      {view.data?.role === "master" && (
        <>
          <Group gap="lg" data-testid="network-counts">
            <Text size="sm">{t("counts.franchisees", { count: view.data.franchisees })}</Text>
            <Text size="sm">{t("counts.openInvitations", { count: view.data.open_invitations })}</Text>
          </Group>
          <CollectiveInvoicingCard view={view.data} />
        </>
      )}
      <InvitationsSection />
      <FranchiseesSection />
      <FranchiseLocations />
    </>
  );
}

function NotAMaster({ franchisee }: { franchisee: boolean }) {
  const { t } = useTranslation("franchise");
  const locale = useLocale();
  return (
    <Stack gap="lg" maw={760}>
      {franchisee && <FranchiseNotice />}
      <Card withBorder radius="lg" padding="lg" data-testid="franchise-not-master">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Icon name="network" size={28} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t(franchisee ? "notMaster.franchiseeTitle" : "notMaster.title")}
            </Title>
            <Text size="sm">{t(franchisee ? "notMaster.franchiseeText" : "notMaster.text")}</Text>
            <Anchor component={Link} to={paths.contactUs(locale)} size="sm" fw={600}>
              {t("notMaster.contact")}
            </Anchor>
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}
