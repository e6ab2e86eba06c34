import type { MantineColor } from "@mantine/core";
import type { NftOfferState } from "@stempla/domain";

/** The colour of an offer's state badge. */
export const STATE_COLORS: Record<NftOfferState, MantineColor> = {
  in_review: "blue",
  rejected: "red",
  scheduled: "teal",
  on_market: "green",
  off_market: "gray",
};
