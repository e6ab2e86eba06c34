import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from "@mantine/core";
import { INVOICE_REASON_MAX } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { ReasonDialog } from "../../../shared/ui/reason-dialog.tsx";
import { useCreateCreditNote } from "../api/create-credit-note.ts";
import type { BillingInvoice, BillingInvoiceStatus } from "../api/get-billing-invoices.ts";
import { useMarkInvoicePaid } from "../api/mark-invoice-paid.ts";
import { useMarkInvoiceReturned } from "../api/mark-invoice-returned.ts";
import { useFormats } from "./formats.ts";

/** The statuses in which money is still expected (the API refuses "paid" for the others). */
const PAYABLE: BillingInvoiceStatus[] = ["open", "submitted", "returned", "dunned"];

type Dialog = "returned" | "paid" | "credit";

/**
 * What the team records for one issued invoice, in a compact menu: a returned direct debit (also
 * of a debit already booked as paid: the partner may object for 8 weeks, which the server checks),
 * a payment received, a cancellation by credit note. For a credit note: the refund made.
 */
export function InvoiceActions({ invoice }: { invoice: BillingInvoice }) {
  const { t } = useTranslation("admin");
  const format = useFormats();
  const [dialog, setDialog] = useState<Dialog>();
  // A fresh dialog (empty reason) each time one opens.
  const [dialogKey, setDialogKey] = useState(0);
  const returned = useMarkInvoiceReturned();
  const paid = useMarkInvoicePaid();
  const credit = useCreateCreditNote();

  const isInvoice = invoice.kind !== "credit_note";
  const canReturn = isInvoice && (invoice.status === "submitted" || invoice.status === "paid");
  // A credit note is "open" while its refund is owed; "paid" records the refund.
  const canPay = isInvoice ? PAYABLE.includes(invoice.status) : invoice.status === "open";
  const canCredit = isInvoice && invoice.status !== "cancelled";
  if (!canReturn && !canPay && !canCredit) return null;

  const { number } = invoice;
  const gross = format.money(Math.abs(invoice.gross_cents));
  // The payment dialog's texts: a payment received, or for a credit note the refund made.
  const pay = isInvoice ? "paid" : "refunded";
  const open = (which: Dialog) => {
    setDialogKey((key) => key + 1);
    setDialog(which);
  };
  const close = () => setDialog(undefined);
  // A refused reason stays in the dialog; anything else (409: the status changed meanwhile) closes it.
  const failed = (error: Error, onFieldError?: (message: string) => void) => {
    const field = error instanceof ApiError ? error.fieldErrors.reason?.[0] : undefined;
    if (field && onFieldError) return onFieldError(field);
    close();
    notify("red", error.message);
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={240}>
        <Menu.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t(isInvoice ? "billing.actions.menu" : "billing.actions.creditMenu", { number })}
            data-testid="invoice-actions"
          >
            <Icon name="dots" size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canReturn && (
            <Menu.Item onClick={() => open("returned")}>{t("billing.actions.returned")}</Menu.Item>
          )}
          {canPay && <Menu.Item onClick={() => open("paid")}>{t(`billing.actions.${pay}`)}</Menu.Item>}
          {canCredit && (
            <Menu.Item color="red.9" onClick={() => open("credit")}>
              {t("billing.actions.credit")}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>

      <ReasonDialog
        key={`returned-${dialogKey}`}
        opened={dialog === "returned"}
        texts={{
          title: t("billing.returned.title", { number }),
          text: t("billing.returned.text", { gross, name: invoice.company_name }),
          reason: t("billing.returned.reason"),
          hint: t("billing.returned.reasonHint"),
          submit: t("billing.returned.submit"),
          cancel: t("billing.actions.cancel"),
          close: t("billing.actions.close"),
          empty: t("billing.actions.reasonRequired"),
        }}
        required
        maxLength={INVOICE_REASON_MAX}
        pending={returned.isPending}
        onClose={close}
        onSubmit={(reason, fail) =>
          returned.mutate(
            { id: invoice.id, reason },
            {
              onSuccess: () => {
                close();
                notify("green", t("billing.returned.done", { number }));
              },
              onError: (error) => failed(error, fail),
            },
          )
        }
      />

      <Modal
        opened={dialog === "paid"}
        onClose={close}
        title={t(`billing.${pay}.title`, { number })}
        centered
        closeButtonProps={{ "aria-label": t("billing.actions.close") }}
      >
        <Stack>
          <Text size="sm">{t(`billing.${pay}.text`, { gross, name: invoice.company_name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("billing.actions.cancel")}
            </Button>
            <Button
              loading={paid.isPending}
              data-autofocus
              onClick={() =>
                paid.mutate(invoice.id, {
                  onSuccess: () => {
                    close();
                    notify("green", t(`billing.${pay}.done`, { number }));
                  },
                  onError: (error) => failed(error),
                })
              }
            >
              {t(`billing.${pay}.submit`)}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ReasonDialog
        key={`credit-${dialogKey}`}
        opened={dialog === "credit"}
        texts={{
          title: t("billing.credit.title", { number }),
          text: t("billing.credit.text", { gross, name: invoice.company_name }),
          reason: t("billing.credit.reason"),
          hint: t("billing.credit.reasonHint"),
          submit: t("billing.credit.submit"),
          cancel: t("billing.actions.cancel"),
          close: t("billing.actions.close"),
          empty: t("billing.actions.reasonRequired"),
        }}
        required
        maxLength={INVOICE_REASON_MAX}
        danger
        pending={credit.isPending}
        onClose={close}
        onSubmit={(reason, fail) =>
          credit.mutate(
            { id: invoice.id, reason },
            {
              onSuccess: (note) => {
                close();
                notify("green", t("billing.credit.done", { number: note.number, invoice: number }));
              },
              onError: (error) => failed(error, fail),
            },
          )
        }
      />
    </>
  );
}
