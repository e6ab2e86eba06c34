import { Card, Group, Stack, Text, Timeline, Title, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "../../../shared/ui/status-badge.tsx";
import type { PartnerReviewEvent } from "../api/get-partner-review.ts";
import { useFormats } from "./formats.ts";

const DOT: Record<string, string> = {
  black: "var(--mantine-color-dark-8)",
  gray: "var(--mantine-color-gray-5)",
  yellow: "var(--mantine-color-yellow-5)",
  green: "var(--mantine-color-green-6)",
  red: "var(--mantine-color-red-7)",
  orange: "var(--mantine-color-orange-6)",
};

/** Every change of the account's colour: when, from and to, why, and who (a team member or the system). */
export function AuditTrail({ events }: { events: PartnerReviewEvent[] }) {
  const { t, i18n } = useTranslation("admin");
  const { t: common } = useTranslation();
  const format = useFormats();

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="audit-trail">
      <Title order={2} fz="lg">
        {t("partner.audit.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t("partner.audit.intro")}
      </Text>
      {events.length === 0 ? (
        <Text c="dimmed">{t("partner.audit.empty")}</Text>
      ) : (
        <Timeline bulletSize={16} lineWidth={2} active={-1}>
          {events.map((event) => (
            <Timeline.Item
              key={event.id}
              bullet={
                <span
                  aria-hidden="true"
                  style={{
                    display: "block",
                    width: 10,
                    height: 10,
                    borderRadius: "50%",
                    background: DOT[event.to_status],
                  }}
                />
              }
              title={
                i18n.exists(`admin:partner.audit.events.${event.event}`)
                  ? t(`partner.audit.events.${event.event}`)
                  : event.event
              }
              data-testid="audit-event"
              data-event={event.event}
            >
              <Stack gap={4}>
                <Group gap={6} wrap="wrap">
                  <VisuallyHidden>
                    {t("partner.audit.change", {
                      from: common(`status.${event.from_status}.label`),
                      to: common(`status.${event.to_status}.label`),
                    })}
                  </VisuallyHidden>
                  <Group gap={6} aria-hidden="true" wrap="nowrap">
                    <StatusBadge status={event.from_status} />
                    <Text span size="sm">
                      →
                    </Text>
                    <StatusBadge status={event.to_status} />
                  </Group>
                </Group>
                <Text size="sm" c="dimmed">
                  <time dateTime={event.created_at}>{format.dateTime(event.created_at)}</time> ·{" "}
                  {t("partner.audit.by", { who: event.actor_email ?? t("partner.audit.system") })}
                </Text>
                {event.reason && (
                  <Text size="sm">
                    <Text span fw={600}>
                      {t("partner.audit.reason")}
                    </Text>{" "}
                    {event.reason}
                  </Text>
                )}
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Card>
  );
}
