import { OfferFormPage } from "../components/offer-form-page.tsx";

/** nft/create/coupon: a new coupon, or with ?id= one waiting for the market (decision 010, section 8). */
export default function CouponFormPage() {
  return <OfferFormPage form="coupon" />;
}
