import { Anchor, Button, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { TERMS_OBJECTION_NOTE_MAX, termsObjectionHandledSchema, translate } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { notify } from "../../../shared/ui/notify.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { type TermsObjectionRow, useHandleObjection } from "../api/terms-calls.ts";
import { useFormats } from "./formats.ts";

/**
 * One partner's objection to a terms change: who, when, why; open ones can be marked handled
 * with a note of the outcome, handled ones show it.
 */
export function ObjectionCard({
  objection,
  showCompany = true,
}: {
  objection: TermsObjectionRow;
  showCompany?: boolean;
}) {
  const { t } = useTranslation("terms");
  const locale = useLocale();
  const format = useFormats();
  const { pathname, search } = useLocation();
  const handle = useHandleObjection();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState(false);

  return (
    <Paper withBorder radius="md" p="md" data-testid="terms-objection" data-objection-id={objection.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            {showCompany && (
              <Anchor
                component={Link}
                to={paths.adminPartner(locale, { id: objection.company_id })}
                state={{ from: `${pathname}${search}` }}
                fw={600}
                style={{ overflowWrap: "anywhere" }}
              >
                {objection.company_name}
              </Anchor>
            )}
            <Text size="sm">
              {t("console.objection.against", {
                version: objection.version,
                date: format.day(objection.valid_from),
              })}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {t("console.objection.by", {
                at: format.dateTime(objection.objected_at),
                email: objection.objected_by ?? t("console.objection.unknownUser"),
              })}
            </Text>
          </div>
          <SoftBadge color={objection.handled_at ? "green" : "orange"}>
            {t(objection.handled_at ? "console.objection.handled" : "console.objection.open")}
          </SoftBadge>
        </Group>
        <Text size="sm" style={{ whiteSpace: "pre-line" }} c={objection.reason ? undefined : "dimmed"}>
          {objection.reason ?? t("console.objection.noReason")}
        </Text>
        {objection.handled_at ? (
          <Text size="sm" c="dark.6" style={{ whiteSpace: "pre-line" }} data-testid="objection-note">
            {t("console.objection.handledBy", {
              at: format.dateTime(objection.handled_at),
              email: objection.handled_by ?? "–",
            })}
            {"\n"}
            {objection.handled_note}
          </Text>
        ) : editing ? (
          <form
            noValidate
            onSubmit={async (event) => {
              event.preventDefault();
              // The server's rule and words, checked before sending.
              const checked = termsObjectionHandledSchema.safeParse({ note });
              if (!checked.success) {
                return setError(translate(checked.error.issues[0]?.message ?? "input.invalid", locale));
              }
              setError(undefined);
              // mutateAsync: once saved, the card moves to the handled list (a new component), and
              // the per-call callbacks of mutate() would not run for this unmounted one.
              try {
                await handle.mutateAsync({ id: objection.id, note: checked.data.note });
                notify("green", t("console.objection.saved"));
              } catch (failure) {
                setError(
                  failure instanceof ApiError && failure.fieldErrors.note?.[0]
                    ? failure.fieldErrors.note[0]
                    : (failure as Error).message,
                );
              }
            }}
          >
            <Stack gap="xs">
              <Textarea
                label={t("console.objection.note")}
                description={t("console.objection.noteHint")}
                withAsterisk
                autosize
                minRows={2}
                maxRows={6}
                maxLength={TERMS_OBJECTION_NOTE_MAX}
                value={note}
                error={error}
                onChange={(event) => setNote(event.currentTarget.value)}
                data-autofocus
              />
              <Group justify="flex-end" gap="xs">
                <Button variant="default" size="xs" onClick={() => setEditing(false)}>
                  {t("console.objection.cancel")}
                </Button>
                <Button type="submit" size="xs" loading={handle.isPending}>
                  {t("console.objection.save")}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group>
            <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
              {t("console.objection.markHandled")}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
