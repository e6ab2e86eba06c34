import { Alert, Button, Card, Group, Loader, Progress, Stack, Text, Title } from "@mantine/core";
import { nextSetupStep, previousSetupStep, type SetupStep } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useCompany, usePartnerProfile } from "../../../../shared/partner/partner-calls.ts";
import { type SetupState, useFinishSetup, useSaveSetup } from "../../api/setup-calls.ts";
import { BillingStep } from "./steps/billing-step.tsx";
import { FinishStep } from "./steps/finish-step.tsx";
import {
  AddressStep,
  LocationConfirmStep,
  LocationNameStep,
  OpeningHoursStep,
  PhoneStep,
} from "./steps/location-steps.tsx";
import {
  CategoriesStep,
  DescriptionStep,
  LogoStep,
  PaymentPreferenceStep,
  PointsStep,
  PublicNameStep,
} from "./steps/profile-steps.tsx";
import type { StepProps } from "./wizard-context.ts";

const stepComponents: Record<SetupStep, (props: StepProps) => React.ReactNode> = {
  locationName: LocationNameStep,
  payment: PaymentPreferenceStep,
  address: AddressStep,
  categories: CategoriesStep,
  logo: LogoStep,
  publicName: PublicNameStep,
  description: DescriptionStep,
  points: PointsStep,
  locationConfirm: LocationConfirmStep,
  phone: PhoneStep,
  openingHours: OpeningHoursStep,
  billing: BillingStep,
  finish: FinishStep,
};

/**
 * The set-up wizard (spec section 2): one question per screen, so it works on a phone at the
 * counter. The step is stored on the server after every answer.
 */
export function SetupWizard({ setup }: { setup: SetupState }) {
  const { t } = useTranslation("setup");
  const partner = usePartnerProfile();
  const company = useCompany();
  const save = useSaveSetup();
  const close = useFinishSetup();

  if (partner.isError || company.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t("loadFailed")}
      </Alert>
    );
  }
  if (!partner.data || !company.data) return <Loader aria-label={t("loading")} />;

  const { steps, step } = setup;
  const index = steps.indexOf(step);
  const goTo = async (target: SetupStep) => {
    await save.mutateAsync({ step: target });
  };
  const props: StepProps = {
    setup,
    partner: partner.data,
    company: company.data,
    moving: save.isPending,
    next: async (patch = {}) => {
      await save.mutateAsync({ step: nextSetupStep(steps, step), ...patch });
    },
    goTo,
    back: index > 0 ? () => goTo(previousSetupStep(steps, step)) : undefined,
  };
  const Step = stepComponents[step];
  // The last step says what happens next, which differs for a further location.
  const textKey = setup.mode === "location" && step === "finish" ? "finishLocation" : step;

  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <div>
          <Text fz="xs" tt="uppercase" fw={700} c="brand.8">
            {setup.mode === "account" ? t("eyebrow.account") : t("eyebrow.location")}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {setup.mode === "account" ? t("title.account") : t("title.location")}
          </Title>
        </div>
        {/* Adding a further location can be abandoned; the account set-up cannot be skipped. */}
        {setup.mode === "location" && (
          <Button variant="default" size="xs" loading={close.isPending} onClick={() => close.mutate()}>
            {t("actions.cancel")}
          </Button>
        )}
      </Group>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="setup-step-title">
        <Group justify="space-between" mb={6} gap="xs">
          <Text size="sm" c="dimmed" data-testid="setup-progress">
            {t("progress", { current: index + 1, total: steps.length })}
          </Text>
          {(["logo", "phone", "openingHours"] as SetupStep[]).includes(step) && (
            <Text size="sm" c="dimmed">
              {t("optional")}
            </Text>
          )}
        </Group>
        <Progress
          value={((index + 1) / steps.length) * 100}
          size="sm"
          radius="xl"
          mb="lg"
          aria-label={t("progress", { current: index + 1, total: steps.length })}
        />
        <Title order={2} fz={{ base: 20, sm: 24 }} id="setup-step-title">
          {t(`steps.${textKey}.title`)}
        </Title>
        <Text c="dark.6" mt={4} mb="lg">
          {t(`steps.${textKey}.text`)}
        </Text>
        <Step key={step} {...props} />
        {save.isError && (
          <Alert color="red" variant="light" role="alert" mt="md">
            {save.error.message}
          </Alert>
        )}
      </Card>
    </Stack>
  );
}
