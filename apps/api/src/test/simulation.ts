import type { DemoPartner } from "../db/seed/accounts.ts";

const every = (from: string, to: string) =>
  Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, [{ from, to }]]));

/**
 * A partner for createLivePartner(): a café with small cards (3 points) and two locations, one
 * open every day, one at lunch on weekdays and in the small hours of Sunday (past midnight).
 */
export const simulatedCafe = (n: number): DemoPartner => ({
  login: { email: `cafe${n}@stempla.test`, password: "sehr-geheim-1" },
  company: { name: `Café ${n} GmbH`, legalForm: "gmbh", vatId: null },
  address: { street: "Ring", building: "1", postcode: "50667", city: "Köln", latitude: 50.9, longitude: 6.9 },
  phone: "221 123456",
  contact: { firstName: "Rita", surname: "Ring", phone: "+49 221 123456" },
  categories: ["cafe"],
  profile: { public_name: `Café ${n}`, description: "Jeder 4. Kaffee gratis", points: 3 },
  socials: [],
  locations: [
    {
      name: "Am Ring",
      street: "Ring",
      building: "1",
      postcode: "50667",
      city: "Köln",
      working_hours: every("07:00", "19:00"),
    },
    {
      name: "Am Dom",
      street: "Domkloster",
      building: "4",
      postcode: "50667",
      city: "Köln",
      working_hours: { ...every("11:00", "14:00"), sat: [], sun: [{ from: "00:00", to: "03:00" }] },
    },
  ],
  payment: { account_holder: "Café GmbH", iban: "DE89370400440532013000" },
  status: "green",
});
