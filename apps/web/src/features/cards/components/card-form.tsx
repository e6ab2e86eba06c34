import {
  Alert,
  Button,
  Card,
  Chip,
  Group,
  NumberInput,
  Stack,
  Text,
  Textarea,
  Title,
  useMatches,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  type BonusCardInput,
  bonusCardSchema,
  CARD_POINTS,
  CONTENT_LIMITS,
  countWords,
  offerConflictText,
  pointsFieldText,
  SUGGESTED_POINTS,
  translate,
} from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import type { PartnerView } from "../api/card-calls.ts";
import { type CardValues, fromPartner, onFormFields, toInput } from "./card-values.ts";
import { ConditionsFields } from "./conditions-fields.tsx";

/** Offer, maximum points and conditions of the bonus card; `onChange` feeds the live preview. */
export function CardForm({
  partner,
  pending,
  onSubmit,
  onChange,
}: {
  partner: PartnerView;
  pending: boolean;
  onSubmit: (input: BonusCardInput, fail: (error: unknown) => void) => void;
  onChange: (values: CardValues) => void;
}) {
  const { t } = useTranslation("cards");
  const locale = useLocale();
  const check = zodValidate(bonusCardSchema, locale);
  const form = useForm<CardValues>({
    mode: "controlled",
    initialValues: fromPartner(partner),
    validate: (values) => onFormFields(check(toInput(values))),
    onValuesChange: onChange,
  });
  const values = form.getValues();
  const words = countWords(values.description);
  const maxWords = CONTENT_LIMITS.cardDescriptionWords;
  const tooLong = words > maxWords;
  // Three chips fit a phone's width only when small.
  const chipSize = useMatches<"xs" | "sm">({ base: "xs", sm: "sm" });
  const points = typeof values.points === "number" ? values.points : undefined;
  const pointsValid = points !== undefined && points >= CARD_POINTS.min && points <= CARD_POINTS.max;
  // An offer that counts differently ("jeder 10. Kaffee" on a 10-point card) is allowed but warned.
  const conflict = pointsValid ? offerConflictText(points, values.description, locale) : null;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        onSubmit(toInput(v), (error) => {
          if (error instanceof ApiError) form.setErrors(onFormFields(firstMessages(error.fieldErrors)));
        }),
      )}
    >
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb="md">
            {t("offer.title")}
          </Title>
          <Textarea
            label={t("offer.description")}
            placeholder={t("offer.descriptionPlaceholder")}
            withAsterisk
            autosize
            minRows={3}
            inputWrapperOrder={["label", "input", "description", "error"]}
            description={
              <Text component="span" size="xs" c={tooLong ? "red.8" : "dimmed"} data-testid="word-count">
                {t("offer.words", { count: words, max: maxWords })}
              </Text>
            }
            {...form.getInputProps("description")}
            // The limit shows while typing, not only when saving.
            error={
              form.errors.description ?? (tooLong ? translate("card.description.words", locale) : undefined)
            }
          />
        </Card>

        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb="md">
            {t("points.title")}
          </Title>
          <Group align="flex-end" gap="lg" wrap="wrap">
            <NumberInput
              label={t("points.label")}
              withAsterisk
              min={CARD_POINTS.min}
              max={CARD_POINTS.max}
              allowDecimal={false}
              allowNegative={false}
              w={170}
              {...form.getInputProps("points")}
            />
            <div>
              <Text size="sm" fw={500} mb={6} id="points-quick">
                {t("points.quick")}
              </Text>
              <Chip.Group
                value={points === undefined ? null : String(points)}
                onChange={(value) => form.setFieldValue("points", Number(value))}
              >
                <Group gap="xs" role="radiogroup" aria-labelledby="points-quick">
                  {SUGGESTED_POINTS.map((n) => (
                    <Chip key={n} value={String(n)} type="radio" size={chipSize}>
                      {t("points.chip", { count: n })}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </div>
          </Group>
          <Text size="sm" c={pointsValid ? "dark.6" : "dimmed"} mt="sm" data-testid="points-in-words">
            {pointsValid ? pointsFieldText(points, locale) : t("points.hintEmpty")}
          </Text>
          {conflict && (
            <Alert color="yellow" variant="light" mt="sm" data-testid="offer-count-warning">
              {conflict}
            </Alert>
          )}
        </Card>

        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg">
            {t("conditions.title")}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t("conditions.intro")}
          </Text>
          <ConditionsFields form={form} />
        </Card>

        <Group>
          <Button type="submit" loading={pending}>
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
