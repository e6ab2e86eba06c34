import { addMonths, berlinDay, berlinHour, berlinMonth } from "@stempla/domain";
import type { ProviderIdentity } from "../config.ts";
import type { Database } from "../db/client.ts";
import { runDunning } from "../modules/billing/dunning.ts";
import { runMonthlyInvoicing } from "../modules/billing/invoicing.ts";
import { deleteExpiredInvitations } from "../modules/franchise/service.ts";
import { runNftLifecycleJob } from "../modules/nft/lifecycle-job.ts";
import { runInactiveAccountCleanup } from "../modules/retention/inactive-accounts.ts";
import { pruneHourlyStats } from "../modules/stats/aggregates.ts";
import { sendFraudSummaries } from "../modules/stats/fraud-summary.ts";
import { applyDueTermsChanges } from "../modules/terms/service.ts";
import { purgeRateLimits } from "../plugins/rate-limit.ts";

interface Job {
  name: string;
  run: (now: Date) => Promise<unknown>;
}

/**
 * Scheduled work of the API process. Every job is idempotent and safe to run twice or in two
 * processes at once (each claims its work in the database), so a plain interval is enough.
 */
export function startJobs(
  db: Database,
  opts: {
    publicUrl: string;
    provider: ProviderIdentity;
    baseInterestRatePercent: number;
    log: { error: (obj: object, msg: string) => void };
  },
  intervalMs = 10 * 60 * 1000,
): () => Promise<void> {
  const jobs: Job[] = [
    {
      // The fraud summary goes out in the morning, with the events of the days before.
      name: "fraud-summary",
      run: async (now) => (berlinHour(now) >= 7 ? sendFraudSummaries(db, opts.publicUrl, now) : 0),
    },
    {
      // The previous month is billed from the 2nd at 06:00 (German time), leaving the team the 1st
      // to look at the preview; partners billed already are skipped, so every later tick is a no-op.
      name: "monthly-invoicing",
      run: async (now) =>
        Number(berlinDay(now).slice(8)) >= 2 && berlinHour(now) >= 6
          ? runMonthlyInvoicing(db, {
              month: addMonths(berlinMonth(now), -1),
              provider: opts.provider,
              publicUrl: opts.publicUrl,
              now,
            }).then((result) => {
              for (const f of result.failed) {
                opts.log.error(
                  { companyId: f.companyId, error: f.error },
                  "invoice not issued; retried next tick",
                );
              }
            })
          : undefined,
    },
    {
      // Payment reminders for invoices unpaid two weeks after their due date (spec section 9),
      // sent in office hours; each invoice is dunned once, so later ticks find nothing.
      name: "dunning",
      run: async (now) =>
        berlinHour(now) >= 8
          ? runDunning(db, {
              provider: opts.provider,
              baseRatePercent: opts.baseInterestRatePercent,
              publicUrl: opts.publicUrl,
              now,
            })
          : undefined,
    },
    {
      // A terms change takes effect on its day for every partner that did not object
      // (docs/product.md, "Terms and records"); acceptances exist once, so later ticks insert nothing.
      name: "terms-changes",
      run: (now) => applyDueTermsChanges(db, now),
    },
    {
      // Inactive incomplete accounts: warnings and deletions (docs/product.md, "Terms and records"),
      // from 09:00 so mails arrive in office hours; every tick may run it, as each warning and each
      // deletion happens once per account and activity (the daily work is done by the first tick).
      name: "inactive-accounts",
      run: async (now) =>
        berlinHour(now) >= 9
          ? runInactiveAccountCleanup(db, { publicUrl: opts.publicUrl, now }).then((result) => {
              for (const f of result.failed) {
                opts.log.error(
                  { companyId: f.companyId, err: f.error },
                  "inactive account not handled; retried next tick",
                );
              }
            })
          : undefined,
    },
    {
      // Franchise invitations expired long enough and their black companies
      // (docs/decisions/008-franchise-model.md, section 1); a second tick finds nothing.
      name: "expired-invitations",
      run: (now) => deleteExpiredInvitations(db, now),
    },
    {
      // Coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md, section 3): offers past
      // their end day leave the market and scheduled ones start on their day (Berlin), each under
      // its row lock, so a second tick or process finds nothing to do; then the market's hooks.
      name: "nft-lifecycle",
      run: (now) => runNftLifecycleJob(db, { publicUrl: opts.publicUrl, now, log: opts.log }),
    },
    { name: "purge-rate-limits", run: () => purgeRateLimits(db) },
    { name: "prune-hourly-stats", run: (now) => pruneHourlyStats(db, now) },
  ];
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    for (const job of jobs) {
      running = running
        .then(() => job.run(new Date()))
        .catch((err) => opts.log.error({ err }, `job ${job.name} failed`));
    }
  };
  const timer = setInterval(tick, intervalMs);
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
