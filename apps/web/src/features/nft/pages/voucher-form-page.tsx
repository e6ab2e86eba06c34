import { OfferFormPage } from "../components/offer-form-page.tsx";

/** nft/create/voucher?type=voucher|cash_voucher: a new voucher or cash voucher, or with ?id= one to edit. */
export default function VoucherFormPage() {
  return <OfferFormPage form="voucher" />;
}
