import type { BonusCardInput, PartnerSocial, PartnerSocialInput } from "@stempla/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import {
  PARTNER_KEY,
  type PartnerProfileView as PartnerView,
} from "../../../shared/partner/partner-calls.ts";

/** The card page reads the partner the same way the set-up does (one query, one cache entry). */
export {
  type PartnerProfileView as PartnerView,
  usePartnerProfile as usePartner,
} from "../../../shared/partner/partner-calls.ts";

const key = PARTNER_KEY;

export function useSaveCard(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BonusCardInput) =>
      api<{ data: PartnerView }>(`/dashboard/partner/${id}`, { body: input }).then((r) => r.data),
    // The colour is refreshed for every mutation (shared/api/account-status.ts).
    onSuccess: (partner) => client.setQueryData(key, partner),
  });
}

/** Adding, changing or removing a link refreshes the partner, which carries the list. */
function useSocialMutation<T>(request: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useCreateSocial = () =>
  useSocialMutation((input: PartnerSocialInput) =>
    api<{ data: PartnerSocial }>("/dashboard/partnerSocials", { body: input }),
  );

export const useUpdateSocial = () =>
  useSocialMutation(({ id, ...input }: PartnerSocialInput & { id: number }) =>
    api<{ data: PartnerSocial }>(`/dashboard/partnerSocials/${id}`, { body: input }),
  );

export const useDeleteSocial = () =>
  useSocialMutation((id: number) => api(`/dashboard/partnerSocials/${id}`, { method: "DELETE" }));
