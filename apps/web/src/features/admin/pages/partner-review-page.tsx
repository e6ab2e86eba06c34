import { Alert, Anchor, Group, List, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { StatusBadge } from "../../../shared/ui/status-badge.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { type PartnerReview, usePartnerReview } from "../api/get-partner-review.ts";
import { AdminLayout } from "../components/admin-layout.tsx";
import { AuditTrail } from "../components/audit-trail.tsx";
import { ChangeList } from "../components/change-list.tsx";
import { useFormats } from "../components/formats.ts";
import { PartnerDetails } from "../components/partner-details.tsx";
import { PartnerTermsCard } from "../components/partner-terms-card.tsx";
import { reviewOverdue } from "../components/review-overdue.ts";
import { StatusActions } from "../components/status-actions.tsx";

/** One partner account as the provider team reviews it: changes, all data, decision, history. */
export default function PartnerReviewPage() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { state } = useLocation();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const review = usePartnerReview(id);
  useDocumentTitle(review.data?.company.company_name ?? t("title"));
  // Back to the list the team came from (the console keeps its tab in the address).
  const back = typeof state?.from === "string" ? state.from : paths.admin(locale);
  const notFound = !valid || (review.error instanceof ApiError && review.error.status === 404);

  return (
    <AdminLayout>
      <Stack gap="lg" maw={1200}>
        <Anchor component={Link} to={back} size="sm" w="fit-content">
          ← {t("partner.back")}
        </Anchor>
        {notFound ? (
          <Alert color="red" role="alert">
            {t("partner.notFound")}
          </Alert>
        ) : review.isError ? (
          <Alert color="red" role="alert">
            {review.error.message}
          </Alert>
        ) : review.data ? (
          <PartnerReviewView review={review.data} />
        ) : (
          <Skeleton h={320} radius="lg" aria-label={t("partner.loading")} />
        )}
      </Stack>
    </AdminLayout>
  );
}

function PartnerReviewView({ review }: { review: PartnerReview }) {
  const { t } = useTranslation("admin");
  const { t: common } = useTranslation();
  const format = useFormats();
  const { company, status } = review;
  const now = Date.now();
  const showChanges =
    review.last_approval !== null && (status.status === "orange" || review.last_approval.changes.length > 0);

  return (
    <>
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: "anywhere" }}>
          {company.company_name}
        </Title>
        <Group gap="xs" mt={6} data-testid="partner-status" data-status={status.status}>
          <StatusBadge status={status.status} />
          <Text size="sm">
            {t("partner.since", {
              status: common(`status.${status.status}.title`),
              date: format.dateTime(status.since),
            })}{" "}
            <Text span c="dimmed" size="sm">
              ({format.waiting(status.since, now)})
            </Text>
          </Text>
          {reviewOverdue(status.status, status.since, now) && (
            <SoftBadge color="red">{t("review.overdue")}</SoftBadge>
          )}
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          {t(`partners.types.${company.type}`)} ·{" "}
          {t("partner.registered", { date: format.date(company.created_at) })} ·{" "}
          {status.approved_at
            ? t("partner.approvedAt", { date: format.date(status.approved_at) })
            : t("partner.neverApproved")}
        </Text>
      </div>

      {status.status === "red" && status.reason && (
        <Alert color="red" variant="light" title={t("partner.blockReason")} data-testid="block-reason">
          {status.reason}
        </Alert>
      )}

      <StatusActions review={review} />

      {status.missing.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          title={t("partner.missing.title")}
          // Mantine's orange title on its own tint fails the contrast check (WCAG AA).
          styles={{ title: { color: "var(--mantine-color-text)" } }}
          data-testid="missing"
        >
          <Text size="sm" mb={4}>
            {t("partner.missing.text")}
          </Text>
          <List size="sm">
            {status.missing.map((item) => (
              <List.Item key={item}>{t(`partner.missing.items.${item}`)}</List.Item>
            ))}
          </List>
        </Alert>
      )}

      {showChanges && <ChangeList review={review} />}
      <PartnerDetails review={review} />
      <PartnerTermsCard terms={review.terms} />
      <AuditTrail events={review.events} />
    </>
  );
}
