import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  FileInput,
  Grid,
  Group,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import {
  berlinDay,
  earliestVoucherExpiry,
  NFT,
  type NftType,
  type NftVatRate,
  payoutSplit,
  translate,
  voucherPurpose,
} from "@stempla/domain";
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { paths } from "../../../shared/paths.ts";
import { notify } from "../../../shared/ui/notify.ts";
import type { LocationChoice } from "../api/location-choices.ts";
import { type Industry, payoutAccountStatus, useSaveOffer } from "../api/offer-calls.ts";
import { eurosToCents } from "../lib/euro-input.ts";
import { type OfferValues, offerIssues, offerRequest } from "../lib/offer-values.ts";
import { OfferPreview } from "./offer-preview.tsx";

/**
 * The form of a coupon, voucher or cash voucher (decision 010, sections 2 and 8) beside the live
 * preview of the app's offer card (below it on phones). Every field's message stands at the field:
 * the shared schema's before sending, the server's 422 answer after.
 */
export function OfferForm({
  offerId,
  initial,
  currentPhoto,
  industries,
  locations,
  partnerName,
}: {
  /** Null: a new offer. */
  offerId: number | null;
  initial: OfferValues;
  /** The stored offer's photo, kept unless a new one is chosen. */
  currentPhoto: string | null;
  industries: Industry[];
  locations: LocationChoice[];
  partnerName: string;
}) {
  const { t } = useTranslation("nft");
  const locale = useLocale();
  const format = useLocaleFormats();
  const navigate = useNavigate();
  const save = useSaveOffer();
  const [values, setValues] = useState(initial);
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const type = values.type;
  const paid = type !== "coupon";
  const today = berlinDay(new Date());

  const photoUrl = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (photoUrl ? URL.revokeObjectURL(photoUrl) : undefined), [photoUrl]);

  const set = <K extends keyof OfferValues>(key: K, value: OfferValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const field = (name: keyof OfferValues | "photo" | "price_cents" | "original_price_cents") => errors[name];

  const priceCents = eurosToCents(values.price);
  const originalCents = eurosToCents(values.original_price);
  const chosen = locations.filter((l) => values.location_ids.includes(String(l.id)));
  const statutoryEnd = earliestVoucherExpiry(new Date()).lastDay;

  const validityText = (() => {
    if (values.validity_type === "statutory")
      return t("preview.validStatutory", { date: format.dayNumeric(statutoryEnd) });
    if (values.validity_type === "campaign_end")
      return values.end_date
        ? t("preview.validUntil", { date: format.dayNumeric(values.end_date) })
        : t("preview.validCampaign");
    const days = Number(values.validity_days);
    return Number.isInteger(days) && days > 0
      ? t("preview.validDays", { count: days, days: format.number(days) })
      : t("preview.validDaysOpen");
  })();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const issues = offerIssues(values, today, { photo, required: offerId === null });
    if (Object.keys(issues).length > 0) {
      setErrors(Object.fromEntries(Object.entries(issues).map(([f, key]) => [f, translate(key, locale)])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: offerId, type, fields: offerRequest(values), photo });
      notify(
        "green",
        t(offerId === null ? "form.submitted" : "form.resubmitted", { name: values.name.trim() }),
      );
      navigate(paths.nft(locale));
    } catch (error) {
      if (!(error instanceof ApiError)) return setFailure((error as Error).message);
      // Selling paid vouchers needs an active payout account (spec section 4): its onboarding.
      if ((error.code as string) === "payment_account_inactive") {
        const status = await payoutAccountStatus().catch(() => null);
        if (status?.redirect_to) return window.location.assign(status.redirect_to);
      }
      const fieldErrors = Object.entries(error.fieldErrors);
      // "location_ids.3" stands at the locations: the first message per field.
      const byField: Record<string, string> = {};
      for (const [f, m] of fieldErrors) byField[f.split(".")[0]!] ??= m[0] ?? "";
      if (fieldErrors.length > 0) setErrors(byField);
      else setFailure(error.message);
    }
  };

  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={submit} noValidate aria-label={t(`form.title.${type}`)}>
          <Stack gap="lg">
            <Section title={t("form.sections.offer")}>
              <Select
                label={t("form.industry")}
                description={t("form.industryHint")}
                data={industries.map((i) => ({ value: String(i.id), label: i.name }))}
                value={values.industry_id || null}
                onChange={(v) => set("industry_id", v ?? "")}
                searchable
                withAsterisk
                error={field("industry_id")}
                comboboxProps={{ withinPortal: true }}
              />
              <FileInput
                label={t("form.photo")}
                description={t("form.photoHint")}
                placeholder={t(currentPhoto ? "form.photoKeep" : "form.photoChoose")}
                accept="image/jpeg,image/png"
                value={photo}
                onChange={setPhoto}
                clearable
                clearButtonProps={{ "aria-label": t("form.photoClear") }}
                withAsterisk={offerId === null}
                error={field("photo")}
                data-testid="nft-photo"
              />
              <TextInput
                label={t("form.name")}
                description={t(`form.nameHint.${type}`)}
                value={values.name}
                onChange={(e) => set("name", e.currentTarget.value)}
                maxLength={NFT.nameMaxChars}
                withAsterisk
                error={field("name")}
              />
              <Textarea
                label={t("form.description")}
                autosize
                minRows={3}
                value={values.description}
                onChange={(e) => set("description", e.currentTarget.value)}
                withAsterisk
                error={field("description")}
              />
              <Textarea
                label={t("form.legalNotes")}
                description={t("form.legalNotesHint")}
                autosize
                minRows={2}
                value={values.legal_notes}
                onChange={(e) => set("legal_notes", e.currentTarget.value)}
                error={field("legal_notes")}
              />
              <TextInput
                label={t("form.externalLink")}
                description={t("form.externalLinkHint")}
                placeholder="https://"
                type="url"
                value={values.external_link}
                onChange={(e) => set("external_link", e.currentTarget.value)}
                error={field("external_link")}
              />
            </Section>

            {paid && (
              <Section title={t("form.sections.price")}>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                  <TextInput
                    label={t(type === "cash_voucher" ? "form.value" : "form.price")}
                    description={t(type === "cash_voucher" ? "form.valueHint" : "form.priceHint")}
                    inputMode="decimal"
                    placeholder={t("form.pricePlaceholder")}
                    rightSection={<Text size="sm">€</Text>}
                    value={values.price}
                    onChange={(e) => set("price", e.currentTarget.value)}
                    withAsterisk
                    error={field("price_cents")}
                  />
                  {type === "voucher" && (
                    <TextInput
                      label={t("form.originalPrice")}
                      description={t("form.originalPriceHint")}
                      inputMode="decimal"
                      rightSection={<Text size="sm">€</Text>}
                      value={values.original_price}
                      onChange={(e) => set("original_price", e.currentTarget.value)}
                      error={field("original_price_cents")}
                    />
                  )}
                </SimpleGrid>
                {typeof priceCents === "number" && priceCents > 0 && (
                  <Text size="sm" c="dark.5" data-testid="nft-payout">
                    {t("form.payout", {
                      fee: format.money(payoutSplit(priceCents).feeCents),
                      payout: format.money(payoutSplit(priceCents).payoutCents),
                    })}
                  </Text>
                )}
                {type === "voucher" && (
                  <Radio.Group
                    label={t("form.vatRate")}
                    description={t("form.vatRateHint")}
                    value={values.vat_rate}
                    onChange={(v) => set("vat_rate", v)}
                    withAsterisk
                    error={field("vat_rate")}
                  >
                    <Group gap="md" mt={6}>
                      {NFT.vatRates.map((rate) => (
                        <Radio key={rate} value={String(rate)} label={t("form.vat", { rate })} />
                      ))}
                      <Radio value="mixed" label={t("form.vatMixed")} />
                    </Group>
                  </Radio.Group>
                )}
                <PurposeNote type={type} vatRate={values.vat_rate} countries={chosen.map((l) => l.country)} />
              </Section>
            )}

            <Section title={t("form.sections.quantity")}>
              {paid && (
                <Checkbox
                  label={t("form.unlimited")}
                  checked={values.unlimited}
                  onChange={(e) => set("unlimited", e.currentTarget.checked)}
                />
              )}
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                {!(paid && values.unlimited) && (
                  <TextInput
                    label={t("form.quantity")}
                    description={
                      type === "coupon" ? t("form.quantityCouponHint") : t("form.quantityVoucherHint")
                    }
                    inputMode="numeric"
                    value={values.quantity}
                    onChange={(e) => set("quantity", e.currentTarget.value)}
                    withAsterisk
                    error={field("quantity")}
                  />
                )}
                {paid && (
                  <TextInput
                    label={t("form.minOrder")}
                    description={t("form.minOrderHint")}
                    inputMode="numeric"
                    value={values.min_order_quantity}
                    onChange={(e) => set("min_order_quantity", e.currentTarget.value)}
                    error={field("min_order_quantity")}
                  />
                )}
              </SimpleGrid>
            </Section>

            <Section title={t("form.sections.time")}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <TextInput
                  type="date"
                  label={t("form.startDate")}
                  description={t("form.startDateHint")}
                  min={today}
                  value={values.start_date}
                  onChange={(e) => set("start_date", e.currentTarget.value)}
                  error={field("start_date")}
                />
                <TextInput
                  type="date"
                  label={t("form.endDate")}
                  description={t("form.endDateHint")}
                  min={values.start_date || today}
                  value={values.end_date}
                  onChange={(e) => set("end_date", e.currentTarget.value)}
                  error={field("end_date")}
                />
              </SimpleGrid>
              <Radio.Group
                label={t("form.validity")}
                value={values.validity_type}
                onChange={(v) => set("validity_type", v as OfferValues["validity_type"])}
                withAsterisk
                error={field("validity_type")}
              >
                <Stack gap="xs" mt={6}>
                  {(paid ? (["statutory", "days"] as const) : (["days", "campaign_end"] as const)).map(
                    (v) => (
                      <Radio
                        key={v}
                        value={v}
                        label={t(`form.validityTypes.${v}`, { date: format.dayNumeric(statutoryEnd) })}
                      />
                    ),
                  )}
                </Stack>
              </Radio.Group>
              {values.validity_type === "days" && (
                <TextInput
                  label={t("form.validityDays")}
                  description={t(paid ? "form.validityDaysVoucherHint" : "form.validityDaysHint", {
                    days: format.number(NFT.voucherMinValidityDays),
                  })}
                  inputMode="numeric"
                  maw={420}
                  value={values.validity_days}
                  onChange={(e) => set("validity_days", e.currentTarget.value)}
                  withAsterisk
                  error={field("validity_days")}
                />
              )}
              {paid && (
                <Text size="sm" c="dark.5" data-testid="nft-statutory">
                  {t("form.statutoryNote", { date: format.dayNumeric(statutoryEnd) })}
                </Text>
              )}
            </Section>

            <Section title={t("form.sections.locations")}>
              <LocationsField
                locations={locations}
                value={values.location_ids}
                onChange={(ids) => set("location_ids", ids)}
                error={field("location_ids")}
              />
            </Section>

            {paid && (
              <Text size="sm" c="dark.5">
                {t("form.withdrawalNote")}
              </Text>
            )}
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            {hasErrors && (
              <Text size="sm" c="red.8" role="alert">
                {t("form.checkFields")}
              </Text>
            )}
            <Group gap="sm">
              <Button type="submit" loading={save.isPending}>
                {t(offerId === null ? "form.submit" : "form.resubmit")}
              </Button>
              <Anchor component={Link} to={paths.nft(locale)} size="sm">
                {t("form.cancel")}
              </Anchor>
            </Group>
            <Text size="xs" c="dimmed">
              {t("form.reviewNote")}
            </Text>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Box pos={{ base: "static", md: "sticky" }} top={88}>
          <Title order={2} fz="md" mb="xs">
            {t("preview.title")}
          </Title>
          <OfferPreview
            data={{
              type,
              partnerName,
              name: values.name.trim(),
              description: values.description.trim(),
              industry: industries.find((i) => String(i.id) === values.industry_id)?.name ?? null,
              priceCents: typeof priceCents === "number" ? priceCents : null,
              originalPriceCents: typeof originalCents === "number" ? originalCents : null,
              photoUrl: photoUrl ?? currentPhoto,
              validity: validityText,
              quantity: paid && values.unlimited ? null : Number(values.quantity) || 0,
              locations: values.location_ids.length,
            }}
          />
          <Text size="xs" c="dimmed" mt="xs" maw={360}>
            {t("preview.note")}
          </Text>
        </Box>
      </Grid.Col>
    </Grid>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Title order={2} fz="lg" component="legend" mb={4}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The redeemable locations: the partner's own first, then each franchisee's, by company. */
function LocationsField({
  locations,
  value,
  onChange,
  error,
}: {
  locations: LocationChoice[];
  value: string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation("nft");
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const l of locations) {
    const group = l.company ?? t("form.ownLocations");
    // A franchisee's location names its company in the chosen pill too, where no group heading is.
    const label = l.company ? `${l.name} (${l.company}) – ${l.address}` : `${l.name} – ${l.address}`;
    groups.set(group, [...(groups.get(group) ?? []), { value: String(l.id), label }]);
  }
  const data = [...groups].map(([group, items]) => ({ group, items }));
  const all = locations.map((l) => String(l.id));
  return (
    <Stack gap="xs" data-testid="nft-locations">
      <MultiSelect
        label={t("form.locations")}
        description={t(groups.size > 1 ? "form.locationsHintMaster" : "form.locationsHint")}
        data={data}
        value={value}
        onChange={onChange}
        searchable
        clearable
        clearButtonProps={{ "aria-label": t("form.locationsClear") }}
        withAsterisk
        error={error}
        nothingFoundMessage={t("form.noLocation")}
        comboboxProps={{ withinPortal: true }}
      />
      {locations.length > 1 && value.length < locations.length && (
        <Anchor component="button" type="button" size="sm" onClick={() => onChange(all)} w="fit-content">
          {t("form.allLocations", { count: locations.length })}
        </Anchor>
      )}
      {locations.length === 0 && (
        <Text size="sm" c="dark.5">
          {t("form.noLocations")}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Which kind of voucher this is for VAT (§ 3 Abs. 13–15 UStG, decision 010, section 1), as the
 * product decides it at approval from the VAT choice and the locations' countries.
 */
function PurposeNote({ type, vatRate, countries }: { type: NftType; vatRate: string; countries: string[] }) {
  const { t } = useTranslation("nft");
  const rate = vatRate === "" || vatRate === "mixed" ? null : (Number(vatRate) as NftVatRate);
  const purpose = voucherPurpose({ type, vatRate: rate, locationCountries: countries });
  const reason =
    type === "cash_voucher"
      ? "cash"
      : rate === null
        ? "mixed"
        : countries.length === 0
          ? "noLocation"
          : purpose === "multi"
            ? "abroad"
            : "single";
  return (
    <Alert color={purpose === "single" ? "blue" : "gray"} variant="light" data-testid="nft-purpose">
      <Text size="sm" fw={600}>
        {t(`purpose.${purpose}.title`)}
      </Text>
      <Text size="sm">{t(`purpose.reasons.${reason}`, { rate: rate ?? 0 })}</Text>
      <Text size="sm" mt={4}>
        {t(`purpose.${purpose}.text`)}
      </Text>
    </Alert>
  );
}
