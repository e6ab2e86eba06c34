import { describe, expect, it } from "vitest";
import {
  clearDraft,
  type DraftStorage,
  emptyRegistration,
  loadDraft,
  type RegistrationValues,
  saveDraft,
} from "./registration-draft.ts";

/** An in-memory stand-in for the tab's sessionStorage. */
function memoryStorage(): DraftStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

const typed: RegistrationValues = {
  ...emptyRegistration("partner"),
  company_name: "Bäckerei Korn",
  email: "inhaber@baeckerei-korn.de",
  password: "geheim-123",
  password_confirmation: "geheim-123",
  city: "Köln",
};

describe("the registration draft", () => {
  it("restores what was typed and the step after a reload, but never the password", () => {
    const storage = memoryStorage();
    saveDraft("partner", typed, 2, storage);
    const stored = [...storage.entries.values()].join();
    expect(stored).toContain("Bäckerei Korn");
    expect(stored).not.toContain("geheim-123");
    expect(stored).not.toContain("password");

    const { values, step } = loadDraft("partner", emptyRegistration("partner"), storage);
    expect(step).toBe(2);
    expect(values).toEqual({ ...typed, password: "", password_confirmation: "" });
  });

  it("keeps a draft per account type, and a restored draft keeps the type asked for", () => {
    const storage = memoryStorage();
    saveDraft("partner", typed, 1, storage);
    expect(loadDraft("master", emptyRegistration("master"), storage)).toEqual({
      values: emptyRegistration("master"),
      step: 0,
    });
    expect(loadDraft("partner", emptyRegistration("partner"), storage).values.type).toBe("partner");
  });

  it("starts empty without a draft, with a damaged one, and after it was cleared", () => {
    const storage = memoryStorage();
    expect(loadDraft("partner", emptyRegistration("partner"), storage)).toEqual({
      values: emptyRegistration("partner"),
      step: 0,
    });
    storage.setItem("stempla:registration:partner", "{not json");
    expect(loadDraft("partner", emptyRegistration("partner"), storage)).toEqual({
      values: emptyRegistration("partner"),
      step: 0,
    });
    saveDraft("partner", typed, 3, storage);
    clearDraft("partner", storage);
    expect(storage.entries.size).toBe(0);
    expect(loadDraft("partner", emptyRegistration("partner"), storage).step).toBe(0);
  });

  it("keeps an invited franchisee's draft per invited company, over the invitation's prefilled data", () => {
    const storage = memoryStorage();
    const invited: RegistrationValues = {
      ...emptyRegistration("master"),
      company_name: "Pizzeria Nord",
      contact_name: "Jana",
      contact_surname: "Berger",
      email: "jana@pizzeria-nord.de",
    };
    saveDraft("slave-7", { ...invited, company_name: "Pizzeria Nord Hamburg", city: "Hamburg" }, 2, storage);
    expect(loadDraft("slave-7", invited, storage)).toEqual({
      values: { ...invited, company_name: "Pizzeria Nord Hamburg", city: "Hamburg" },
      step: 2,
    });
    expect(loadDraft("slave-8", invited, storage)).toEqual({ values: invited, step: 0 });
    expect(loadDraft("master", emptyRegistration("master"), storage).step).toBe(0);
  });
});
