import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  BILLING_COUNTRIES,
  type BillingCountry,
  type CompanyEditGroup,
  companyEditSchemas,
  formatPhone,
  publicNameSchema,
} from "@stempla/domain";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { ApiError } from "../../../shared/api/client.ts";
import { useFranchiseView } from "../../../shared/franchise/franchise-calls.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { formatsFor } from "../../../shared/lib/formats.ts";
import { CategoriesPicker, type CategoryChoice } from "../../../shared/partner/categories-picker.tsx";
import { LogoUpload } from "../../../shared/partner/logo-upload.tsx";
import {
  type CompanyEdit,
  type CompanyView,
  useCategories,
  useCompany,
  useEditCompany,
  useSavePartner,
} from "../../../shared/partner/partner-calls.ts";
import { PaymentDetailsForm } from "../../../shared/partner/payment-details-form.tsx";
import { type Pin, PositionPicker } from "../../../shared/partner/position-picker.tsx";
import { paths } from "../../../shared/paths.ts";
import { AcceptedTermsCard } from "../../../shared/terms/accepted-terms-card.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { useLegalForms } from "../api/legal-forms.ts";
import { ChangePasswordForm } from "../components/change-password-form.tsx";
import { ContractCard } from "../components/contract-card.tsx";
import { type DialogField, EditDialog } from "../components/edit-dialog.tsx";
import { FieldRow } from "../components/field-row.tsx";
import { RevokeMandate } from "../components/revoke-mandate.tsx";

type Dialog = CompanyEditGroup | "public_name" | "categories" | "payment";

/** The company page (spec section 2): company data with an edit dialog per field group. */
export default function CompanyPage() {
  const { t } = useTranslation("company");
  useDocumentTitle(t("title"));
  return <PartnerLayout>{() => <CompanyContent />}</PartnerLayout>;
}

function CompanyContent() {
  const { t } = useTranslation("company");
  const company = useCompany();
  if (company.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {company.error.message}
      </Alert>
    );
  }
  if (!company.data) return <Loader aria-label={t("loading")} />;
  return <CompanyDetails company={company.data} />;
}

function CompanyDetails({ company }: { company: CompanyView }) {
  const { t } = useTranslation("company");
  const locale = useLocale();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { t: tl } = useTranslation("locations");
  // The business address's map pin while its dialog is open; a new dialog starts without one.
  const [addressPin, setAddressPin] = useState<Pin | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever another dialog opens
  useEffect(() => setAddressPin(null), [dialog]);
  const edit = useEditCompany();
  const savePartner = useSavePartner(company.id);
  const legalForms = useLegalForms(locale);
  const categories = useCategories(locale);
  const close = () => setDialog(null);
  const saved = () => notify("green", t("saved"));
  const saveEdit = (change: CompanyEdit) => edit.mutateAsync(change).then(saved);

  const categoryName = (id: number) => categories.data?.find((c) => c.id === id)?.name ?? "…";
  const address = company.address;
  const dash = "–";

  const dialogs: Partial<
    Record<
      Dialog,
      {
        title: string;
        fields: DialogField[];
        initial: Record<string, string>;
        schema: z.ZodType;
        save: (v: Record<string, string>) => Promise<unknown>;
        extra?: (values: Record<string, string>) => ReactNode;
        size?: "md" | "lg";
      }
    >
  > = {
    company_name: {
      title: t("fields.companyName"),
      fields: [
        {
          name: "company_name",
          label: t("fields.companyName"),
          required: true,
          autoComplete: "organization",
        },
      ],
      initial: { company_name: company.company_name },
      schema: companyEditSchemas.company_name,
      save: (v) => saveEdit({ group: "company_name", values: { company_name: v.company_name ?? "" } }),
    },
    legal_form: {
      title: t("fields.legalForm"),
      fields: [
        {
          name: "legal_form_id",
          label: t("fields.legalForm"),
          type: "select",
          required: true,
          options: [
            { value: "", label: t("choose") },
            ...(legalForms.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
          ],
        },
      ],
      initial: { legal_form_id: company.legal_form_id ? String(company.legal_form_id) : "" },
      schema: companyEditSchemas.legal_form,
      save: (v) => saveEdit({ group: "legal_form", values: { legal_form_id: Number(v.legal_form_id) } }),
    },
    vat: {
      title: t("fields.vat"),
      fields: [{ name: "vat", label: t("fields.vat") }],
      initial: { vat: company.vat ?? "" },
      schema: companyEditSchemas.vat,
      save: (v) => saveEdit({ group: "vat", values: { vat: v.vat ?? "" } }),
    },
    address: {
      title: t("fields.address"),
      fields: [
        { name: "street", label: t("fields.street"), required: true, autoComplete: "address-line1" },
        { name: "building", label: t("fields.building"), required: true },
        { name: "postcode", label: t("fields.postcode"), required: true, autoComplete: "postal-code" },
        { name: "city", label: t("fields.city"), required: true, autoComplete: "address-level2" },
        {
          name: "country",
          label: t("fields.country"),
          type: "select",
          options: BILLING_COUNTRIES.map((c) => ({ value: c, label: formatsFor(locale).country(c) })),
        },
      ],
      initial: {
        street: address?.street ?? "",
        building: address?.building ?? "",
        postcode: address?.postcode ?? "",
        city: address?.city ?? "",
        country: address?.country ?? "DE",
      },
      schema: companyEditSchemas.address,
      // The pin goes along only when the partner placed it; otherwise the server keeps or derives it.
      save: (v) =>
        saveEdit({
          group: "address",
          values: {
            street: v.street ?? "",
            building: v.building ?? "",
            postcode: v.postcode ?? "",
            city: v.city ?? "",
            country: v.country as BillingCountry,
            ...(addressPin ?? {}),
          },
        }),
      size: "lg",
      extra: (values) => (
        <div>
          <Text fw={600} size="sm">
            {tl("map.title")}
          </Text>
          <Text size="sm" c="dimmed" mb="xs">
            {tl("map.intro")}
          </Text>
          <PositionPicker
            address={{
              country: values.country ?? "DE",
              postcode: values.postcode ?? "",
              city: values.city ?? "",
            }}
            stored={
              address?.latitude != null && address.longitude != null
                ? { latitude: address.latitude, longitude: address.longitude }
                : null
            }
            addressChanged={
              !address ||
              (["street", "building", "postcode", "city", "country"] as const).some(
                (f) => (values[f] ?? "").trim() !== address[f],
              )
            }
            pin={addressPin}
            onPinChange={setAddressPin}
          />
        </div>
      ),
    },
    phone: {
      title: t("fields.phone"),
      fields: [{ name: "phone_number", label: t("fields.phone"), type: "tel", required: true }],
      initial: { phone_number: company.phone ? formatPhone(company.phone) : "" },
      schema: companyEditSchemas.phone,
      save: (v) => saveEdit({ group: "phone", values: { phone_number: v.phone_number ?? "" } }),
    },
    contact: {
      title: t("fields.contact"),
      fields: [
        { name: "first_name", label: t("fields.firstName"), required: true, autoComplete: "given-name" },
        { name: "surname", label: t("fields.surname"), required: true, autoComplete: "family-name" },
        { name: "phone", label: t("fields.contactPhone"), type: "tel", required: true },
      ],
      initial: {
        first_name: company.contact.first_name ?? "",
        surname: company.contact.surname ?? "",
        phone: company.contact.phone ? formatPhone(company.contact.phone) : "",
      },
      schema: companyEditSchemas.contact,
      save: (v) =>
        saveEdit({
          group: "contact",
          values: { first_name: v.first_name ?? "", surname: v.surname ?? "", phone: v.phone ?? "" },
        }),
    },
    public_name: {
      title: t("fields.publicName"),
      fields: [{ name: "public_name", label: t("fields.publicName"), required: true }],
      initial: { public_name: company.public_name ?? company.company_name },
      schema: z.object({ public_name: publicNameSchema }),
      save: (v) => savePartner.mutateAsync({ public_name: v.public_name }).then(saved),
    },
  };
  const open = dialog ? dialogs[dialog] : undefined;

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t("title")}
        </Title>
        <Text c="dimmed">{t("intro")}</Text>
      </div>
      {(company.status === "green" || company.status === "orange") && (
        <Alert color={company.status === "orange" ? "orange" : "blue"} variant="light">
          {company.status === "orange" ? t("review.orange") : t("review.green")}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg">
            {t("sections.company")}
          </Title>
          <FieldRow
            label={t("fields.companyName")}
            onEdit={() => setDialog("company_name")}
            testId="company-name"
          >
            {company.company_name}
          </FieldRow>
          <FieldRow label={t("fields.legalForm")} onEdit={() => setDialog("legal_form")}>
            {company.legal_form ?? dash}
          </FieldRow>
          <FieldRow label={t("fields.vat")} onEdit={() => setDialog("vat")}>
            {company.vat ?? dash}
          </FieldRow>
          <FieldRow label={t("fields.address")} onEdit={() => setDialog("address")}>
            {address ? (
              <>
                {address.street} {address.building}
                <br />
                {address.postcode} {address.city}, {formatsFor(locale).country(address.country)}
              </>
            ) : (
              dash
            )}
          </FieldRow>
          <FieldRow label={t("fields.phone")} onEdit={() => setDialog("phone")}>
            {company.phone ? formatPhone(company.phone) : dash}
          </FieldRow>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg">
            {t("sections.contact")}
          </Title>
          <FieldRow label={t("fields.contact")} onEdit={() => setDialog("contact")} testId="contact">
            {[company.contact.first_name, company.contact.surname].filter(Boolean).join(" ") || t("missing")}
            {company.contact.phone && (
              <Text size="sm" c="dark.6">
                {formatPhone(company.contact.phone)}
              </Text>
            )}
          </FieldRow>
          <FieldRow label={t("fields.email")}>
            {company.contact.email}
            <Text size="xs" c="dimmed">
              {t("emailHint")}
            </Text>
          </FieldRow>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg">
            {t("sections.appearance")}
          </Title>
          <FieldRow
            label={t("fields.publicName")}
            onEdit={() => setDialog("public_name")}
            testId="public-name"
          >
            {company.public_name ?? company.company_name}
          </FieldRow>
          <FieldRow label={t("fields.categories")} onEdit={() => setDialog("categories")}>
            {company.categories.primary ? (
              <>
                {categoryName(company.categories.primary)}
                {company.categories.secondary.length > 0 && (
                  <Text size="sm" c="dark.6">
                    {company.categories.secondary.map(categoryName).join(", ")}
                  </Text>
                )}
              </>
            ) : (
              t("missing")
            )}
          </FieldRow>
          <Text size="sm" c="dimmed" mt="sm" mb="xs">
            {t("fields.logo")}
          </Text>
          <LogoUpload logo={company.logo} />
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg">
            {t("sections.payment")}
          </Title>
          {company.type === "master" && <BillingModeRow />}
          <FieldRow label={t("fields.bankAccount")} onEdit={() => setDialog("payment")} testId="payment">
            {company.payment ? (
              <>
                {company.payment.account_holder}
                <Text ff="monospace" size="sm" data-testid="iban-masked">
                  {company.payment.iban_masked}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("mandate", {
                    reference: company.payment.mandate_reference,
                    date: formatsFor(locale).dateNumeric(company.payment.signed_at),
                  })}
                </Text>
              </>
            ) : (
              t("missing")
            )}
          </FieldRow>
          <Text size="sm" c="dark.6" mt="sm">
            {t("paymentHint")}
          </Text>
          {company.payment && (
            <Group justify="flex-end" mt="xs">
              <RevokeMandate />
            </Group>
          )}
        </Card>
        <ContractCard />
        <AcceptedTermsCard />
      </SimpleGrid>
      <ChangePasswordForm />

      {open && (
        <EditDialog
          opened
          onClose={close}
          title={t("editTitle", { field: open.title })}
          fields={open.fields}
          initialValues={open.initial}
          schema={open.schema}
          onSave={open.save}
          extra={open.extra}
          size={open.size}
        />
      )}
      <CategoriesDialog
        opened={dialog === "categories"}
        onClose={close}
        initial={company.categories}
        save={(choice) =>
          savePartner
            .mutateAsync({ categories: { primary: choice.primary ?? 0, secondary: choice.secondary } })
            .then(saved)
        }
      />
      <Modal
        opened={dialog === "payment"}
        onClose={close}
        title={t("paymentDialog")}
        size="lg"
        centered
        closeButtonProps={{ "aria-label": t("close") }}
      >
        <Stack>
          {company.payment && (
            <Text size="sm" c="dark.6">
              {t("paymentReplaces")}
            </Text>
          )}
          <PaymentDetailsForm
            accountHolder={company.payment?.account_holder ?? company.company_name}
            submitLabel={t("paymentSubmit")}
            onSaved={() => {
              saved();
              close();
            }}
            secondary={
              <Button variant="default" onClick={close}>
                {t("cancel")}
              </Button>
            }
          />
        </Stack>
      </Modal>
    </Stack>
  );
}

function CategoriesDialog({
  opened,
  onClose,
  initial,
  save,
}: {
  opened: boolean;
  onClose: () => void;
  initial: CategoryChoice;
  save: (choice: CategoryChoice) => Promise<unknown>;
}) {
  const { t } = useTranslation("company");
  const [value, setValue] = useState<CategoryChoice>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await save(value);
      onClose();
    } catch (error) {
      if (error instanceof ApiError)
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? ""])));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("editTitle", { field: t("fields.categories") })}
      centered
      closeButtonProps={{ "aria-label": t("close") }}
    >
      <form noValidate onSubmit={submit}>
        <CategoriesPicker
          value={value}
          onChange={(v) => {
            setErrors({});
            setValue(v);
          }}
          errors={errors}
        />
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {t("save")}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/**
 * A master's billing of its franchise locations: this month's and, when it differs, the next
 * month's setting. It is switched on the franchise page only, whose confirmation names the
 * franchisees' mails and their extraordinary termination (docs/product.md, "Contract").
 */
function BillingModeRow() {
  const { t } = useTranslation("company");
  const locale = useLocale();
  const view = useFranchiseView();
  const invoicing = view.data?.role === "master" ? view.data.collective_invoicing : null;
  const mode = (on: boolean) => t(on ? "billingMode.cumulative" : "billingMode.separate");
  return (
    <FieldRow label={t("fields.billingMode")} testId="billing-mode">
      {invoicing ? (
        <>
          {mode(invoicing.current)}
          {invoicing.next !== invoicing.current && (
            <Text size="sm" c="dark.6">
              {t("billingMode.from", {
                date: formatsFor(locale).day(invoicing.next_effective_from),
                mode: mode(invoicing.next),
              })}
            </Text>
          )}
          <Anchor component={Link} to={paths.franchisors(locale)} size="sm" fw={400} display="block">
            {t("billingMode.change")}
          </Anchor>
        </>
      ) : (
        <Loader size="xs" />
      )}
    </FieldRow>
  );
}
