import type {
  AccountStatus,
  BonusCardInput,
  BonusCardView,
  PartnerSocial,
  PartnerSocialInput,
} from "@stempla/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ACCOUNT_STATUS_KEY } from "../../../shared/api/account-status.ts";
import { api } from "../../../shared/api/client.ts";

export interface PartnerView extends BonusCardView {
  id: number;
  company_name: string;
  public_name: string | null;
  status: AccountStatus;
  /** Logo renditions (uploaded in the set-up or on the company page). */
  logo?: { small: string } | null;
}

const key = ["partner"] as const;

/** GET /dashboard/partner answers a list; the signed-in partner is its first entry (spec section 7). */
export const usePartner = () =>
  useQuery({
    queryKey: key,
    queryFn: () => api<{ data: PartnerView[] }>("/dashboard/partner").then((r) => r.data[0]!),
  });

export function useSaveCard(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BonusCardInput) =>
      api<{ data: PartnerView }>(`/dashboard/partner/${id}`, { body: input }).then((r) => r.data),
    onSuccess: (partner) => {
      client.setQueryData(key, partner);
      // Completing the card can move a set-up to review; changing it moves a live account to orange.
      void client.invalidateQueries({ queryKey: ACCOUNT_STATUS_KEY });
    },
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
