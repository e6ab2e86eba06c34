import { Button, Container, Loader, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { tokenSchema } from "@stempla/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { useInvitationCheck } from "../api/registration-calls.ts";
import { RegistrationWizard } from "../components/registration-wizard.tsx";

/**
 * Why a mailed link does not open the registration: cut short (no well-formed token), no longer
 * valid (404: unknown, already used or withdrawn; the API does not tell these apart), or expired
 * (410). Each says what to do next.
 */
type LinkProblem = "incomplete" | "invalid" | "expired";

/**
 * /{locale}/register/slave?token=…: an invited franchisee registers its own company from the link
 * the team's approval mailed (docs/decisions/008-franchise-model.md, sections 3 and 6). The link is
 * checked first; the wizard then starts with the invitation's data.
 */
export default function RegistrationSlavePage() {
  const { t } = useTranslation("registration");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const wellFormed = tokenSchema.safeParse(token).success;
  const check = useInvitationCheck(wellFormed ? token : undefined);
  // A link used up or expired while the form was open (answered on submit).
  const [lateProblem, setLateProblem] = useState<LinkProblem>();

  if (!wellFormed) return <LinkProblemCard problem="incomplete" />;
  if (lateProblem) return <LinkProblemCard problem={lateProblem} />;
  if (check.isPending) {
    return (
      <Container size={460} py={{ base: 32, sm: 64 }}>
        <Stack align="center" gap="md">
          <Title order={1} fz={{ base: 26, sm: 32 }} ta="center">
            {t("slave.title")}
          </Title>
          <Loader aria-label={t("slave.checking")} />
          <Text c="dimmed">{t("slave.checking")}</Text>
        </Stack>
      </Container>
    );
  }
  if (check.isError) {
    const status = check.error instanceof ApiError ? check.error.status : 0;
    if (status === 410) return <LinkProblemCard problem="expired" />;
    if (status === 404 || status === 422) return <LinkProblemCard problem="invalid" />;
    return <LoadFailedCard message={check.error.message} retry={() => void check.refetch()} />;
  }
  return (
    <RegistrationWizard
      type="master"
      invitation={{ token, preview: check.data }}
      onLinkProblem={(status) => setLateProblem(status === 410 ? "expired" : "invalid")}
    />
  );
}

/** The narrow card the link's problems show in, with the page's one heading. */
function ProblemFrame({ title, color, children }: { title: string; color: string; children: ReactNode }) {
  return (
    <Container size={520} py={{ base: 32, sm: 64 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" color={color} variant="light" aria-hidden="true">
            <Icon name={color === "red" ? "warning" : "clock"} size={28} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

function LinkProblemCard({ problem }: { problem: LinkProblem }) {
  const { t } = useTranslation("registration");
  const locale = useLocale();
  return (
    <ProblemFrame title={t(`slave.${problem}.title`)} color={problem === "expired" ? "orange" : "red"}>
      <div data-testid="invitation-link-problem" data-problem={problem}>
        <Text>{t(`slave.${problem}.text`)}</Text>
        <Text mt="sm">{t(`slave.${problem}.next`)}</Text>
      </div>
      <Stack gap="xs" w="100%" maw={320}>
        {problem === "invalid" && (
          <Button component={Link} to={paths.login(locale)}>
            {t("slave.toLogin")}
          </Button>
        )}
        <Button component={Link} to={paths.contactUs(locale)} variant="default">
          {t("slave.toSupport")}
        </Button>
      </Stack>
    </ProblemFrame>
  );
}

function LoadFailedCard({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation("registration");
  return (
    <ProblemFrame title={t("slave.loadFailed")} color="red">
      <Text role="alert">{message}</Text>
      <Button onClick={retry}>{t("slave.retry")}</Button>
    </ProblemFrame>
  );
}
