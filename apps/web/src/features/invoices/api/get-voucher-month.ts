import { berlinYearMonth, type NftStatement } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

/**
 * The running Berlin month's voucher business before its statement is issued
 * (GET /subscription/nft-statements/{YYYY-MM}; docs/decisions/010-coupons-and-vouchers.md, section 5).
 */
export const useVoucherMonth = () => {
  const month = berlinYearMonth(new Date());
  return useQuery({
    queryKey: ["invoices", "voucher-month", month],
    queryFn: () => api<{ data: NftStatement }>(`/subscription/nft-statements/${month}`).then((r) => r.data),
  });
};

/** Whether the month had any voucher business: partners without vouchers see no card. */
export const hasVoucherBusiness = (s: NftStatement) =>
  s.sales.length > 0 ||
  s.refunds.length > 0 ||
  s.transfers.length > 0 ||
  s.multi_purpose_redemptions.length > 0 ||
  s.still_to_transfer.items > 0;
