import { formatMoney, type Locale, NFT, type NftType } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { type MailContent, queueMails, shortDayText } from "../mail/service.ts";

// The app customer's mails about paid vouchers (docs/decisions/010-coupons-and-vouchers.md,
// sections 1 and 5): the purchase with its receipt number, validity and right of withdrawal; the
// confirmation of a withdrawal; the refund of a payment that came after the reservation ended.
// Each is queued in the transaction of its cause, so a mail exists exactly when that was committed.
// The outbox carries no attachments, so the paid mail names the receipt's number and where the app
// shows it. Mails never say "NFT" (section 1): the items' ids are the vouchers' numbers.

type PaidType = Exclude<NftType, "coupon">;

interface PurchaseFacts {
  email: string;
  locale: string;
  offer_name: string;
  offer_type: NftType;
  company_name: string;
  quantity: number;
  gross_cents: number;
  receipt_number: string | null;
}

async function purchaseFacts(tx: Database, purchaseId: number): Promise<PurchaseFacts> {
  const [row] = rowsOf<PurchaseFacts>(
    await tx.execute(sql`
      select u.email, u.locale, o.name as offer_name, o.type as offer_type, c.name as company_name,
        p.quantity, p.gross_cents, p.receipt_number
      from nft_purchases p
      join nft_offers o on o.id = p.offer_id
      join companies c on c.id = p.company_id
      join app_users u on u.id = p.app_user_id
      where p.id = ${purchaseId}`),
  );
  if (!row) throw new Error(`purchase ${purchaseId} vanished`);
  return row;
}

const localeOf = (raw: string): Locale => (raw === "en" ? "en" : "de");

const nouns: Record<Locale, Record<PaidType, [one: string, many: string]>> = {
  de: { voucher: ["Gutschein", "Gutscheine"], cash_voucher: ["Wertgutschein", "Wertgutscheine"] },
  en: { voucher: ["voucher", "vouchers"], cash_voucher: ["cash voucher", "cash vouchers"] },
};
const noun = (locale: Locale, type: NftType, count: number) =>
  nouns[locale][type === "cash_voucher" ? "cash_voucher" : "voucher"][count === 1 ? 0 : 1];

const hello: Record<Locale, string> = { de: "Guten Tag,", en: "Hello," };

export interface PaidMailInput {
  purchaseId: number;
  nftIds: string[];
  /** The vouchers' last valid day (YYYY-MM-DD, Berlin). */
  lastDay: string;
  /** The last day of the withdrawal period (YYYY-MM-DD, Berlin). */
  withdrawalLastDay: string;
}

/** Queues the purchase's mail to its customer; call in the transaction that marks it paid. */
export async function queuePurchasePaidMail(tx: Database, input: PaidMailInput): Promise<void> {
  const p = await purchaseFacts(tx, input.purchaseId);
  const locale = localeOf(p.locale);
  await queueMails(tx, [
    { template: "nft_purchase_paid", locale, to: p.email, content: paidMail(locale, p, input) },
  ]);
}

function paidMail(locale: Locale, p: PurchaseFacts, input: PaidMailInput): MailContent {
  const items = noun(locale, p.offer_type, p.quantity);
  const gross = formatMoney(p.gross_cents, locale);
  const lastDay = shortDayText(input.lastDay, locale);
  const withdrawalDay = shortDayText(input.withdrawalLastDay, locale);
  const de = locale === "de";
  const receipt = p.receipt_number ?? "";
  return {
    subject: de
      ? `Ihr Kauf bei ${p.company_name}: ${p.quantity} × „${p.offer_name}“`
      : `Your purchase from ${p.company_name}: ${p.quantity} × “${p.offer_name}”`,
    paragraphs: de
      ? [
          hello.de,
          `vielen Dank für Ihren Kauf! ${p.quantity === 1 ? "Ihr" : `Ihre ${p.quantity}`} ${items} „${p.offer_name}“ von ${p.company_name} ${p.quantity === 1 ? "liegt" : "liegen"} jetzt in der Wallet Ihrer Stempla-App. Dort zeigen Sie ${p.quantity === 1 ? "ihn" : "sie"} beim Einlösen vor.`,
          `Bezahlt haben Sie ${gross}. Ihren Beleg Nr. ${receipt} finden Sie in der Stempla-App in der Wallet beim Kauf (als PDF zum Herunterladen).`,
          `Gültig bis einschließlich ${lastDay}.`,
          `Widerrufsrecht: Sie können den Kauf jedes noch nicht eingelösten Gutscheins innerhalb von ${NFT.withdrawalDays} Tagen ohne Angabe von Gründen widerrufen. Die Frist begann mit dem Kauf und endet am ${withdrawalDay}. Den Widerruf erklären Sie in der Stempla-App beim Gutschein; Sie erhalten den vollen Preis über die gewählte Zahlungsart zurück, und der Gutschein wird ungültig. Ein eingelöster Gutschein kann nicht widerrufen werden.`,
        ]
      : [
          hello.en,
          `thank you for your purchase! Your ${p.quantity === 1 ? "" : `${p.quantity} `}${items} “${p.offer_name}” from ${p.company_name} ${p.quantity === 1 ? "is" : "are"} now in the wallet of your Stempla app. Show ${p.quantity === 1 ? "it" : "them"} there when you redeem.`,
          `You paid ${gross}. Your receipt no. ${receipt} is in the Stempla app's wallet at the purchase (as a PDF to download).`,
          `Valid through ${lastDay}.`,
          `Right of withdrawal: you may withdraw from the purchase of any voucher not yet redeemed within ${NFT.withdrawalDays} days without giving a reason. The period began with the purchase and ends on ${withdrawalDay}. Withdraw in the Stempla app at the voucher; you get the full price back through the payment method you chose, and the voucher becomes void. A redeemed voucher cannot be withdrawn.`,
        ],
    facts: de
      ? [
          ["Angebot", p.offer_name],
          ["Partner", p.company_name],
          ["Anzahl", String(p.quantity)],
          [p.quantity === 1 ? "Gutschein-Nummer" : "Gutschein-Nummern", input.nftIds.join("\n")],
          ["Betrag", gross],
          ["Beleg-Nr.", receipt],
          ["Gültig bis", lastDay],
          ["Widerruf bis", withdrawalDay],
        ]
      : [
          ["Offer", p.offer_name],
          ["Partner", p.company_name],
          ["Quantity", String(p.quantity)],
          [p.quantity === 1 ? "Voucher number" : "Voucher numbers", input.nftIds.join("\n")],
          ["Amount", gross],
          ["Receipt no.", receipt],
          ["Valid through", lastDay],
          ["Withdrawal until", withdrawalDay],
        ],
  };
}

/** Queues the confirmation of a withdrawal; call in the transaction that voids the item. */
export async function queueWithdrawalMail(
  tx: Database,
  input: { purchaseId: number; nftId: string; amountCents: number },
): Promise<void> {
  const p = await purchaseFacts(tx, input.purchaseId);
  const locale = localeOf(p.locale);
  const amount = formatMoney(input.amountCents, locale);
  const item = noun(locale, p.offer_type, 1);
  const content: MailContent =
    locale === "de"
      ? {
          subject: `Ihr Widerruf: ${item} „${p.offer_name}“ von ${p.company_name}`,
          paragraphs: [
            hello.de,
            `wir bestätigen Ihren Widerruf. Der ${item} „${p.offer_name}“ von ${p.company_name} (Nummer ${input.nftId}) ist damit ungültig und kann nicht mehr eingelöst werden.`,
            `Den vollen Preis von ${amount} erstatten wir Ihnen über die Zahlungsart, mit der Sie bezahlt haben.`,
          ],
          facts: [
            ["Angebot", p.offer_name],
            ["Partner", p.company_name],
            ["Gutschein-Nummer", input.nftId],
            ["Erstattung", amount],
            ["Beleg-Nr.", p.receipt_number ?? ""],
          ],
        }
      : {
          subject: `Your withdrawal: ${item} “${p.offer_name}” from ${p.company_name}`,
          paragraphs: [
            hello.en,
            `we confirm your withdrawal. The ${item} “${p.offer_name}” from ${p.company_name} (number ${input.nftId}) is now void and can no longer be redeemed.`,
            `We refund the full price of ${amount} through the payment method you paid with.`,
          ],
          facts: [
            ["Offer", p.offer_name],
            ["Partner", p.company_name],
            ["Voucher number", input.nftId],
            ["Refund", amount],
            ["Receipt no.", p.receipt_number ?? ""],
          ],
        };
  await queueMails(tx, [{ template: "nft_withdrawal", locale, to: p.email, content }]);
}

/** Queues the notice that a payment came after the reservation and is refunded; in the refund's transaction. */
export async function queueLatePaymentMail(tx: Database, purchaseId: number): Promise<void> {
  const p = await purchaseFacts(tx, purchaseId);
  const locale = localeOf(p.locale);
  const gross = formatMoney(p.gross_cents, locale);
  const items = noun(locale, p.offer_type, p.quantity);
  const content: MailContent =
    locale === "de"
      ? {
          subject: `Ihre Zahlung für „${p.offer_name}“ wird erstattet`,
          paragraphs: [
            hello.de,
            `Ihre Zahlung für ${p.quantity} × „${p.offer_name}“ von ${p.company_name} ist erst eingegangen, nachdem die Reservierung von ${NFT.reservationMinutes} Minuten abgelaufen war. ${p.quantity === 1 ? `Der ${items} war daher nicht mehr für Sie reserviert; Sie erhalten ihn nicht.` : `Die ${items} waren daher nicht mehr für Sie reserviert; Sie erhalten sie nicht.`}`,
            `Den vollen Betrag von ${gross} erstatten wir Ihnen über die Zahlungsart, mit der Sie bezahlt haben. Sie können das Angebot in der Stempla-App gern erneut kaufen, solange es verfügbar ist.`,
          ],
          facts: [
            ["Angebot", p.offer_name],
            ["Partner", p.company_name],
            ["Anzahl", String(p.quantity)],
            ["Erstattung", gross],
          ],
        }
      : {
          subject: `Your payment for “${p.offer_name}” is being refunded`,
          paragraphs: [
            hello.en,
            `Your payment for ${p.quantity} × “${p.offer_name}” from ${p.company_name} arrived only after the ${NFT.reservationMinutes}-minute reservation had ended. The ${items} ${p.quantity === 1 ? "was" : "were"} no longer held for you, so you do not receive ${p.quantity === 1 ? "it" : "them"}.`,
            `We refund the full amount of ${gross} through the payment method you paid with. You are welcome to buy the offer again in the Stempla app while it is available.`,
          ],
          facts: [
            ["Offer", p.offer_name],
            ["Partner", p.company_name],
            ["Quantity", String(p.quantity)],
            ["Refund", gross],
          ],
        };
  await queueMails(tx, [{ template: "nft_late_payment_refund", locale, to: p.email, content }]);
}
