import { z } from "zod";
import { pageOf, pageQueryOf } from "../api/envelope.ts";
import { MENU_LOCALES } from "./locales.ts";

// The partner's list of menus, one per location (docs/decisions/009-digital-menu.md, section 6 and
// "As built"): GET /dashboard/menus, paged and ordered like GET /dashboard/shop (newest location
// first), so the locations page can show each card's menu state from the same page.

/** One location with its menu's state. */
export const menuOverviewSchema = z.object({
  location: z.object({ id: z.number(), name: z.string(), address: z.string() }),
  enabled: z.boolean(),
  /** YYYY-MM-DD the current booking started (billed from that month); null when off. */
  since: z.string().nullable(),
  offered_locales: z.array(z.enum(MENU_LOCALES)),
  /** The guest page (dm/{id}). */
  public_url: z.string(),
  /** Entries in the menu's own list and all tables' lists together (sections included). */
  items: z.number(),
  tables: z.number(),
});
export type MenuOverview = z.infer<typeof menuOverviewSchema>;

/** The same page size as the locations list, so both pages hold the same locations. */
export const MENUS_PER_PAGE = 10;
export const menuOverviewQuerySchema = pageQueryOf(MENUS_PER_PAGE);
export const menuOverviewPageSchema = pageOf(menuOverviewSchema);
export type MenuOverviewPage = z.infer<typeof menuOverviewPageSchema>;
