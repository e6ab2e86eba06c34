import type { ReviewQueuePage } from "@stempla/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { PAGE_SIZE } from "./admin-calls.ts";

export const REVIEW_QUEUE_KEY = ["admin", "reviews"] as const;

/**
 * GET /api/admin/reviews, the longest waiting first. The queue has no search; the unused first
 * argument keeps the signature of the console's paged tables.
 */
export const useReviewQueue = (_search: string, page: number) =>
  useQuery({
    queryKey: [...REVIEW_QUEUE_KEY, page],
    queryFn: () =>
      api<ReviewQueuePage>(`/reviews?page=${page}&per_page=${PAGE_SIZE}`, { base: "/api/admin" }),
    placeholderData: keepPreviousData,
  });
