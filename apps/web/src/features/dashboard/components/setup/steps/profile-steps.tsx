import { Alert, Chip, Group, NumberInput, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import {
  bonusCardSchema,
  CARD_POINTS,
  CONTENT_LIMITS,
  categoriesSchema,
  countWords,
  offerConflictText,
  type PartnerUpdateInput,
  pointsFieldText,
  publicNameSchema,
  SUGGESTED_POINTS,
  translate,
} from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError } from "../../../../../shared/api/client.ts";
import { useLocale } from "../../../../../shared/i18n/locale.ts";
import { firstMessages } from "../../../../../shared/lib/zod-form.ts";
import { CategoriesPicker, type CategoryChoice } from "../../../../../shared/partner/categories-picker.tsx";
import { LogoUpload } from "../../../../../shared/partner/logo-upload.tsx";
import { useSavePartner } from "../../../../../shared/partner/partner-calls.ts";
import { StepActions } from "../step-actions.tsx";
import type { StepProps } from "../wizard-context.ts";

/**
 * Saves one partner-level answer (checked with the shared schema first) and moves on; server
 * messages land on the fields they name.
 */
function usePartnerStep({ partner, next }: StepProps) {
  const locale = useLocale();
  const save = useSavePartner(partner.id);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (body: PartnerUpdateInput, check?: { schema: z.ZodType; field: string; value: unknown }) => {
    const parsed = check?.schema.safeParse(check.value);
    if (check && parsed && !parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        found[[check.field, ...issue.path].join(".")] ??= translate(issue.message, locale);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: () => void next(),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(firstMessages(error.fieldErrors));
      },
    });
  };
  return { save, errors, setErrors, submit };
}

const card = bonusCardSchema.shape;

const onSubmit = (action: () => void) => (event: React.FormEvent) => {
  event.preventDefault();
  action();
};

export function PaymentPreferenceStep(props: StepProps) {
  const { t } = useTranslation("setup");
  const { save, submit } = usePartnerStep(props);
  const [value, setValue] = useState(props.partner.cumulative_billing ? "cumulative" : "separate");
  const cumulative = value === "cumulative";
  return (
    <form noValidate onSubmit={onSubmit(() => submit({ cumulative_billing: cumulative }))}>
      <Radio.Group value={value} onChange={setValue} aria-label={t("steps.payment.title")}>
        <Stack gap="sm">
          <Radio
            value="cumulative"
            label={t("steps.payment.cumulative")}
            description={t("steps.payment.cumulativeHint")}
          />
          <Radio
            value="separate"
            label={t("steps.payment.separate")}
            description={t("steps.payment.separateHint")}
          />
        </Stack>
      </Radio.Group>
      <StepActions back={props.back} loading={props.moving || save.isPending} />
    </form>
  );
}

export function CategoriesStep(props: StepProps) {
  const { save, errors, setErrors, submit } = usePartnerStep(props);
  const [value, setValue] = useState<CategoryChoice>(props.partner.categories);
  return (
    <form
      noValidate
      onSubmit={onSubmit(() =>
        submit(
          { categories: { primary: value.primary ?? 0, secondary: value.secondary } },
          { schema: categoriesSchema, field: "categories", value: { ...value, primary: value.primary ?? 0 } },
        ),
      )}
    >
      <CategoriesPicker
        value={value}
        onChange={(choice) => {
          setErrors({});
          setValue(choice);
        }}
        errors={errors}
      />
      <StepActions back={props.back} loading={props.moving || save.isPending} />
    </form>
  );
}

export function LogoStep({ partner, next, back, moving }: StepProps) {
  return (
    <>
      <LogoUpload logo={partner.logo} />
      <StepActions
        back={back}
        skip={partner.logo ? undefined : () => next()}
        onContinue={() => next()}
        loading={moving}
      />
    </>
  );
}

export function PublicNameStep(props: StepProps) {
  const { t } = useTranslation("setup");
  const { save, errors, setErrors, submit } = usePartnerStep(props);
  const [value, setValue] = useState(props.partner.public_name ?? props.partner.company_name);
  return (
    <form
      noValidate
      onSubmit={onSubmit(() =>
        submit({ public_name: value }, { schema: publicNameSchema, field: "public_name", value }),
      )}
    >
      <TextInput
        label={t("steps.publicName.label")}
        description={t("steps.publicName.hint")}
        withAsterisk
        value={value}
        error={errors.public_name}
        onChange={(e) => {
          setErrors({});
          setValue(e.currentTarget.value);
        }}
      />
      <StepActions back={props.back} loading={props.moving || save.isPending} />
    </form>
  );
}

export function DescriptionStep(props: StepProps) {
  const { t } = useTranslation("setup");
  const locale = useLocale();
  const { save, errors, setErrors, submit } = usePartnerStep(props);
  const [value, setValue] = useState(props.partner.description ?? "");
  const words = countWords(value);
  const tooMany = words > CONTENT_LIMITS.cardDescriptionWords;
  return (
    <form
      noValidate
      onSubmit={onSubmit(() =>
        submit({ description: value }, { schema: card.description, field: "description", value }),
      )}
    >
      <Textarea
        label={t("steps.description.label")}
        placeholder={t("steps.description.placeholder")}
        withAsterisk
        autosize
        minRows={3}
        value={value}
        error={errors.description ?? (tooMany ? translate("card.description.words", locale) : undefined)}
        onChange={(e) => {
          setErrors({});
          setValue(e.currentTarget.value);
        }}
      />
      <Text size="sm" c={tooMany ? "red.8" : "dimmed"} mt={6} aria-live="polite" data-testid="word-count">
        {t("steps.description.words", { count: words, max: CONTENT_LIMITS.cardDescriptionWords })}
      </Text>
      <StepActions back={props.back} loading={props.moving || save.isPending} />
    </form>
  );
}

export function PointsStep(props: StepProps) {
  const { t } = useTranslation("setup");
  const { save, errors, setErrors, submit } = usePartnerStep(props);
  const [value, setValue] = useState<number | string>(props.partner.points ?? 10);
  const locale = useLocale();
  const points = typeof value === "number" ? value : Number(value);
  const valid = Number.isInteger(points) && points >= CARD_POINTS.min && points <= CARD_POINTS.max;
  // The offer from the step before: a count that does not fit the points is warned, not refused.
  const conflict = valid ? offerConflictText(points, props.partner.description ?? "", locale) : null;
  return (
    <form
      noValidate
      onSubmit={onSubmit(() => submit({ points }, { schema: card.points, field: "points", value: points }))}
    >
      <Stack>
        <Chip.Group value={String(points)} onChange={(v) => setValue(Number(v))}>
          <Group gap="xs">
            {SUGGESTED_POINTS.map((n) => (
              <Chip key={n} value={String(n)}>
                {t("steps.points.chip", { count: n })}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <NumberInput
          label={t("steps.points.label")}
          description={t("steps.points.hint")}
          min={CARD_POINTS.min}
          max={CARD_POINTS.max}
          clampBehavior="none"
          allowDecimal={false}
          withAsterisk
          value={value}
          error={errors.points}
          onChange={(v) => {
            setErrors({});
            setValue(v);
          }}
          maw={220}
        />
        {valid && (
          <Text fw={600} c="brand.8" aria-live="polite" data-testid="points-in-words">
            {pointsFieldText(points, locale)}
          </Text>
        )}
        {conflict && (
          <Alert color="yellow" variant="light" data-testid="offer-count-warning">
            {conflict}
          </Alert>
        )}
      </Stack>
      <StepActions back={props.back} loading={props.moving || save.isPending} />
    </form>
  );
}
