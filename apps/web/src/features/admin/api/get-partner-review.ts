import type {
  AccountStatus,
  BonusCardView,
  CompanyType,
  LogoView,
  PaymentMethodView,
  RedCause,
  ReviewChange,
  SetupRequirement,
  Weekday,
} from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../shared/api/client.ts";
import type { AcceptedTerms } from "../../../shared/terms/terms-calls.ts";
import type { TermsObjectionRow } from "./terms-calls.ts";

export interface PartnerReviewStatus {
  status: AccountStatus;
  red_cause: RedCause | null;
  missing: SetupRequirement[];
  approved_at: string | null;
  since: string;
  reason: string | null;
}

export interface PartnerReviewEvent {
  id: number;
  from_status: AccountStatus;
  to_status: AccountStatus;
  event: string;
  reason: string | null;
  actor_email: string | null;
  created_at: string;
}

export interface PartnerReviewLocation {
  id: number;
  /** YYYY-MM-DD the digital menu booking started; null when not booked. */
  digital_menu_since: string | null;
  name: string;
  address: string;
  phone: string | null;
  working_hours: Partial<Record<Weekday, { from: string; to: string }[]>>;
  is_closed: boolean;
}

/** GET /api/admin/partners/{id}: everything the team checks on one account. */
export interface PartnerReview {
  company: {
    id: number;
    type: CompanyType;
    status: AccountStatus;
    company_name: string;
    legal_form: string | null;
    vat: string | null;
    address: { street: string; building: string; postcode: string; city: string; country: string } | null;
    phone: { phone_preselection: string; phone_number: string } | null;
    contact: { first_name: string | null; surname: string | null; phone: string | null; email: string };
    public_name: string | null;
    logo: LogoView | null;
    payment: PaymentMethodView | null;
    created_at: string;
  };
  status: PartnerReviewStatus;
  card: BonusCardView;
  categories: { id: number; name: string; primary: boolean }[];
  locations: PartnerReviewLocation[];
  /** The last approval and what changed since, field by field (snapshot keys such as "card.description"). */
  last_approval: { approved_at: string; changes: ReviewChange[] } | null;
  /** Every status change, newest first. */
  events: PartnerReviewEvent[];
  /** The accepted partner terms and the account's objections (docs/product.md, "Terms and records"). */
  terms: { accepted: AcceptedTerms | null; objections: TermsObjectionRow[] };
}

export const partnerReviewKey = (id: number) => ["admin", "partner", id] as const;

export const usePartnerReview = (id: number) =>
  useQuery({
    queryKey: partnerReviewKey(id),
    queryFn: () =>
      api<{ data: PartnerReview }>(`/partners/${id}`, { base: "/api/admin" }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
    // An unknown account stays unknown; other failures get the usual second try.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
