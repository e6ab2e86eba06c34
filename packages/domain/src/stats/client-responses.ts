import { z } from "zod";
import { dataOf, pageOf } from "../api/envelope.ts";
import { clientsQuerySchema } from "./statistics.ts";
import { clientSchema } from "./statistics-responses.ts";

// Request and response shapes of the clients page's endpoints (spec section 7: /dashboard/users).

/** GET /dashboard/users: one page of the customers who share their contact data. */
export const clientsPageSchema = pageOf(clientSchema);
export type ClientsPage = z.infer<typeof clientsPageSchema>;

/** GET /dashboard/users/csv takes the list's selection without its paging. */
export const clientsSelectionSchema = clientsQuerySchema.pick({ search: true, filter: true });
/** What the clients page selects (the search text and the filter); the list adds its paging. */
export type ClientsSelection = z.infer<typeof clientsSelectionSchema>;

/** GET /dashboard/users/csv: the short-lived download URL of the CSV. */
export const clientsCsvFileSchema = dataOf(z.object({ file: z.url() }));
export type ClientsCsvFile = z.infer<typeof clientsCsvFileSchema>;

/** GET /dashboard/users/csv/{token}. */
export const clientsCsvParamsSchema = z.object({ token: z.string().max(200) });
