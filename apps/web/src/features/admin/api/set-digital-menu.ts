import type { DigitalMenuBooking, DigitalMenuState } from "@stempla/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { BILLING_KEY } from "./get-billing-preview.ts";
import { partnerReviewKey } from "./get-partner-review.ts";

export type { DigitalMenuState };

/**
 * PUT /api/admin/locations/{id}/digital-menu: books the digital menu for a location from today, or
 * ends the booking today; every month with a booked day is billed (36 EUR net).
 */
export function useSetDigitalMenu(partnerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { locationId: number; enabled: boolean }) =>
      api<{ data: DigitalMenuState }>(`/locations/${input.locationId}/digital-menu`, {
        base: "/api/admin",
        method: "PUT",
        body: { enabled: input.enabled } satisfies DigitalMenuBooking,
      }).then((r) => r.data),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: partnerReviewKey(partnerId) });
      void client.invalidateQueries({ queryKey: BILLING_KEY });
    },
  });
}
