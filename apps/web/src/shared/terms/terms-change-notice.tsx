import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { addDays, TERMS_OBJECTION_REASON_MAX } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/client.ts";
import { useLocale } from "../i18n/locale.ts";
import { formatDay, formatsFor } from "../lib/formats.ts";
import { paths } from "../paths.ts";
import { notify } from "../ui/notify.ts";
import { ReasonDialog } from "../ui/reason-dialog.tsx";
import { type TermsChange, useObjectToTerms, usePartnerTerms } from "./terms-calls.ts";

/**
 * The dashboard's notice of an announced change of the partner terms (spec section 9: it takes
 * effect after 6 weeks without objection), with the way to object, until the change takes effect.
 * Renders nothing when no change is pending.
 */
export function TermsChangeNotice({ maw }: { maw?: number }) {
  const locale = useLocale();
  const terms = usePartnerTerms(locale);
  const change = terms.data?.change;
  if (!change) return null;
  return <Notice change={change} maw={maw} />;
}

function Notice({ change, maw }: { change: TermsChange; maw: number | undefined }) {
  const { t } = useTranslation("terms");
  const locale = useLocale();
  const [objecting, setObjecting] = useState(false);
  const day = (d: string) => formatDay(d, locale);
  const effective = day(change.valid_from);

  return (
    <Alert
      color={change.objection ? "gray" : "orange"}
      variant="light"
      radius="lg"
      maw={maw}
      mx={maw ? "auto" : undefined}
      w="100%"
      data-testid="terms-change-notice"
    >
      <Stack gap="sm">
        {/* A heading of the page's outline in body colour: the alert's own title colour is too light on its tint. */}
        <Title order={2} fz="md">
          {t("notice.title", { version: change.version, date: effective })}
        </Title>
        <Text size="sm" style={{ whiteSpace: "pre-line" }}>
          {change.summary}
        </Text>
        {change.objection ? (
          <Text size="sm" fw={600} data-testid="terms-objected">
            {t("notice.objected", {
              date: formatsFor(locale).dateNumeric(change.objection.objected_at),
            })}
          </Text>
        ) : (
          <Text size="sm">
            {t("notice.effect", { date: effective, lastDay: day(addDays(change.valid_from, -1)) })}
          </Text>
        )}
        <Group gap="sm">
          <Anchor href={paths.termsPartners(locale)} target="_blank" size="sm" underline="always" c="dark.9">
            {t("notice.readTerms")}
          </Anchor>
          {!change.objection && (
            <Button size="xs" variant="outline" color="dark" onClick={() => setObjecting(true)}>
              {t("notice.object")}
            </Button>
          )}
        </Group>
      </Stack>
      <ObjectionDialog change={change} opened={objecting} onClose={() => setObjecting(false)} />
    </Alert>
  );
}

function ObjectionDialog({
  change,
  opened,
  onClose,
}: {
  change: TermsChange;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("terms");
  const locale = useLocale();
  const object = useObjectToTerms();

  return (
    <ReasonDialog
      opened={opened}
      texts={{
        title: t("dialog.title", { version: change.version }),
        text: t("dialog.text", { date: formatDay(change.valid_from, locale) }),
        reason: t("dialog.reason"),
        hint: t("dialog.reasonHint"),
        submit: t("dialog.submit"),
        cancel: t("dialog.cancel"),
        close: t("dialog.close"),
      }}
      maxLength={TERMS_OBJECTION_REASON_MAX}
      danger
      pending={object.isPending}
      onClose={onClose}
      onSubmit={(reason, fail) =>
        object.mutate(
          { id: change.id, reason },
          {
            onSuccess: () => {
              notify("green", t("dialog.done"));
              onClose();
            },
            onError: (failure) =>
              fail(
                failure instanceof ApiError && failure.fieldErrors.reason?.[0]
                  ? failure.fieldErrors.reason[0]
                  : failure.message,
              ),
          },
        )
      }
    />
  );
}
