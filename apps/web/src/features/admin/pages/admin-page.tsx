import { Stack, Tabs, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { AdminLayout } from "../components/admin-layout.tsx";
import { BillingPanel } from "../components/billing-panel.tsx";
import { DeletionLog } from "../components/deletion-log.tsx";
import { FaqPanel } from "../components/faq-panel.tsx";
import { HardwareOrders } from "../components/hardware-orders.tsx";
import { InvitationQueue } from "../components/invitation-queue.tsx";
import { MailTable } from "../components/mail-table.tsx";
import { NftReviewPanel } from "../components/nft-review-panel.tsx";
import { PartnerTable } from "../components/partner-table.tsx";
import { ReviewQueue } from "../components/review-queue.tsx";
import { TermsPanel } from "../components/terms-panel.tsx";

const TABS = [
  "review",
  "nft",
  "invitations",
  "partners",
  "mails",
  "billing",
  "hardware",
  "faq",
  "terms",
  "deletions",
] as const;
type Tab = (typeof TABS)[number];

/**
 * The provider team's console: the review queue, coupons and vouchers to review, franchise invitations to check, partner accounts,
 * the mail outbox, billing, the hardware shop's shipping list, the FAQ, the partner terms and the
 * deletion log.
 */
export default function AdminPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("title"));
  // The tab is part of the address, so "back" from a partner page returns to the same list.
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = TABS.find((name) => name === requested) ?? "review";

  return (
    <AdminLayout>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t("title")}
          </Title>
          <Text c="dimmed">{t("intro")}</Text>
        </div>
        <Tabs
          value={tab}
          onChange={(value) =>
            setParams(value === "review" ? {} : { tab: value ?? "review" }, { replace: true })
          }
          keepMounted={false}
        >
          <Tabs.List>
            {TABS.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="review" pt="lg">
            <ReviewQueue />
          </Tabs.Panel>
          <Tabs.Panel value="nft" pt="lg">
            <NftReviewPanel />
          </Tabs.Panel>
          <Tabs.Panel value="invitations" pt="lg">
            <InvitationQueue />
          </Tabs.Panel>
          <Tabs.Panel value="partners" pt="lg">
            <PartnerTable />
          </Tabs.Panel>
          <Tabs.Panel value="mails" pt="lg">
            <MailTable />
          </Tabs.Panel>
          <Tabs.Panel value="billing" pt="lg">
            <BillingPanel />
          </Tabs.Panel>
          <Tabs.Panel value="hardware" pt="lg">
            <HardwareOrders />
          </Tabs.Panel>
          <Tabs.Panel value="faq" pt="lg">
            <FaqPanel />
          </Tabs.Panel>
          <Tabs.Panel value="terms" pt="lg">
            <TermsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="deletions" pt="lg">
            <DeletionLog />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </AdminLayout>
  );
}
