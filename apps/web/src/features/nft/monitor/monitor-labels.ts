import type { MantineColor } from "@mantine/core";
import type { NftMonitorKind } from "@stempla/domain";

/** The colour of a row's status badge. */
export const KIND_COLORS: Record<NftMonitorKind, MantineColor> = {
  issued: "blue",
  purchased: "green",
  redeemed: "grape",
  refunded: "orange",
};

/**
 * A wallet address as the app shows it (docs/decisions/010-coupons-and-vouchers.md, section 1):
 * "0x12ab…9f3c". The full address is in the CSV and the cell's title.
 */
export const shortWallet = (address: string) =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
