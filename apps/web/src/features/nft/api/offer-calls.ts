import {
  NFT,
  type NftIndustry,
  type NftListType,
  type NftOffer,
  type NftOfferSummary,
  type NftType,
  type Page,
} from "@stempla/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

// The partner's calls for coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md,
// section 7): industries, the three lists, one offer, create and update (multipart), revoke.

export type Industry = NftIndustry;
export type OfferSummary = NftOfferSummary;
export type Offer = NftOffer;

const KEY = ["nft"] as const;

export const useIndustries = (locale: string) =>
  useQuery({
    queryKey: [...KEY, "industries", locale],
    queryFn: () => api<{ data: Industry[] }>("/dashboard/nft/industries").then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** One page of a list, 15 per page (spec section 9), with the spec's `limit`. */
export const useOffers = (list: NftListType, page: number) =>
  useQuery({
    queryKey: [...KEY, "list", list, page],
    queryFn: () => api<Page<OfferSummary>>(`/dashboard/nft/${list}?page=${page}&limit=${NFT.pageSize}`),
    placeholderData: keepPreviousData,
  });

export const useOffer = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, "offer", id],
    queryFn: () => api<{ data: Offer }>(`/dashboard/nft/offer/${id}`).then((r) => r.data),
    enabled: id !== null,
  });

/** The path of an offer's create and update calls: coupons, or both paid types ("absolute-coupon"). */
const pathOf = (type: NftType) => (type === "coupon" ? "coupon" : "absolute-coupon");

/** A request's fields as multipart text parts (location ids repeated), beside the photo when one is chosen. */
export function offerFormData(fields: Record<string, unknown>, photo: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else form.append(name, String(value));
  }
  if (photo) form.append("photo", photo);
  return form;
}

export function useSaveOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      type,
      fields,
      photo,
    }: {
      /** Null: a new offer. */
      id: number | null;
      type: NftType;
      fields: Record<string, unknown>;
      photo: File | null;
    }) =>
      api<{ data: Offer }>(
        id === null ? `/dashboard/nft/create/${pathOf(type)}` : `/dashboard/nft/update/${pathOf(type)}/${id}`,
        { method: id === null ? "POST" : "PUT", body: offerFormData(fields, photo) },
      ).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** PUT /dashboard/nft/update/coupon/{id}/status/off-market (the spec's path, for every type). */
export function useRevokeOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ data: Offer }>(`/dashboard/nft/update/coupon/${id}/status/off-market`, { method: "PUT" }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /dashboard/stripe/account/status: whether paid vouchers can be sold, else where to set it up. */
export interface PayoutAccountStatus {
  is_active: boolean;
  redirect_to: string | null;
}

export const payoutAccountStatus = () =>
  api<{ data: PayoutAccountStatus }>("/dashboard/stripe/account/status").then((r) => r.data);
