import { customType } from "drizzle-orm/pg-core";

/** Binary content kept in the database (logos, invoice PDFs, menu and offer pictures): a Buffer in the app. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});
