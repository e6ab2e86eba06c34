import type { RegistrationType } from "@stempla/domain";

export interface RegistrationValues {
  company_name: string;
  legal_form_id: string;
  vat: string;
  type: RegistrationType;
  email: string;
  password: string;
  password_confirmation: string;
  contact_name: string;
  contact_surname: string;
  street: string;
  building: string;
  postcode: string;
  city: string;
  country: string;
  phone_number: string;
  contract_accepted: boolean;
}

export const emptyRegistration = (type: RegistrationType): RegistrationValues => ({
  company_name: "",
  legal_form_id: "",
  vat: "",
  type,
  email: "",
  password: "",
  password_confirmation: "",
  contact_name: "",
  contact_surname: "",
  street: "",
  building: "",
  postcode: "",
  city: "",
  country: "DE",
  phone_number: "",
  contract_accepted: false,
});

/**
 * Whose draft: a registration of an account type, or an invited franchisee's completion, one per
 * invited company (so another invitation in the same tab starts from its own prefilled data).
 */
export type DraftKind = RegistrationType | `slave-${number}`;

const key = (kind: DraftKind) => `stempla:registration:${kind}`;

/** Where drafts are kept: the tab's sessionStorage (a stand-in in unit tests). */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * What was typed survives a reload (sessionStorage: this tab only, gone when it closes). Passwords
 * are never written. Without a draft the form starts from `initial`, whose `type` a restored draft
 * keeps.
 */
export function loadDraft(
  kind: DraftKind,
  initial: RegistrationValues,
  storage: DraftStorage = sessionStorage,
): { values: RegistrationValues; step: number } {
  try {
    const saved = JSON.parse(storage.getItem(key(kind)) ?? "null");
    if (saved && typeof saved === "object") {
      return { values: { ...initial, ...saved.values, type: initial.type }, step: Number(saved.step) || 0 };
    }
  } catch {
    // A damaged draft is simply not restored.
  }
  return { values: initial, step: 0 };
}

export function saveDraft(
  kind: DraftKind,
  values: RegistrationValues,
  step: number,
  storage: DraftStorage = sessionStorage,
): void {
  const { password: _p, password_confirmation: _c, ...rest } = values;
  storage.setItem(key(kind), JSON.stringify({ values: rest, step }));
}

export function clearDraft(kind: DraftKind, storage: DraftStorage = sessionStorage): void {
  storage.removeItem(key(kind));
}

/** Which step holds a field, to open the step of a server-side error. */
export const STEP_FIELDS: (keyof RegistrationValues)[][] = [
  ["company_name", "legal_form_id", "vat"],
  ["email", "password", "password_confirmation", "contact_name", "contact_surname"],
  ["street", "building", "postcode", "city", "country", "phone_number"],
  ["contract_accepted"],
];
