import type { PartnerReview } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../shared/api/client.ts";

// The answer of GET /api/admin/partners/{id}, as packages/domain declares it (partner-review-responses.ts).
export type { PartnerReview };
export type PartnerReviewStatus = PartnerReview["status"];
export type PartnerReviewEvent = PartnerReview["events"][number];
export type PartnerReviewLocation = PartnerReview["locations"][number];

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
