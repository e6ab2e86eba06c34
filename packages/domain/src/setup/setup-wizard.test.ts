import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMPANY_TYPES } from "../account/auth.ts";
import {
  nextSetupStep,
  OPTIONAL_SETUP_STEPS,
  previousSetupStep,
  resumeStep,
  SETUP_STEPS,
  setupSteps,
} from "./setup-wizard.ts";

describe("setupSteps", () => {
  it("the account set-up asks the spec's questions; the payment preference only for masters", () => {
    expect(setupSteps("account", "master")).toEqual([...SETUP_STEPS]);
    for (const type of ["partner", "slave"] as const) {
      const steps = setupSteps("account", type);
      expect(steps).not.toContain("payment");
      expect(steps).toEqual(SETUP_STEPS.filter((s) => s !== "payment"));
    }
    expect(setupSteps("account", "partner")[0]).toBe("locationName");
    expect(setupSteps("account", "partner").at(-1)).toBe("finish");
    // Billing details with the SEPA mandate come after the location steps (spec section 2).
    const steps = setupSteps("account", "partner");
    expect(steps.indexOf("billing")).toBeGreaterThan(steps.indexOf("openingHours"));
  });

  it("keeps the location's steps together, in the order of the location wizard", () => {
    for (const type of COMPANY_TYPES) {
      const steps = setupSteps("account", type);
      const locationSteps = setupSteps("location", type).filter((s) => s !== "finish");
      const first = steps.indexOf(locationSteps[0]!);
      expect(steps.slice(first, first + locationSteps.length)).toEqual(locationSteps);
    }
    // The payment preference sits with the bank details, not between the location's steps.
    const master = setupSteps("account", "master");
    expect(master.indexOf("billing") - master.indexOf("payment")).toBe(1);
  });

  it("adding a location goes through the location steps only, for every company type", () => {
    for (const type of COMPANY_TYPES) {
      expect(setupSteps("location", type)).toEqual([
        "locationName",
        "address",
        "locationConfirm",
        "phone",
        "openingHours",
        "finish",
      ]);
    }
  });

  it("returns a fresh list each time (callers may change it)", () => {
    const a = setupSteps("location", "partner");
    a.pop();
    expect(setupSteps("location", "partner")).toHaveLength(6);
  });

  it("optional steps are steps of the wizard", () => {
    for (const step of OPTIONAL_SETUP_STEPS) expect(SETUP_STEPS).toContain(step);
    expect(OPTIONAL_SETUP_STEPS).toContain("logo");
    expect(OPTIONAL_SETUP_STEPS).not.toContain("billing");
  });
});

describe("resumeStep", () => {
  const account = setupSteps("account", "partner");
  const location = setupSteps("location", "partner");

  it("continues at the stored step", () => {
    expect(resumeStep(account, "publicName")).toBe("publicName");
    expect(resumeStep(location, "openingHours")).toBe("openingHours");
  });

  it("starts at the first step when nothing is stored or the stored step is not one of these steps", () => {
    expect(resumeStep(account, null)).toBe("locationName");
    expect(resumeStep(account, undefined)).toBe("locationName");
    expect(resumeStep(account, "")).toBe("locationName");
    expect(resumeStep(account, "nonsense")).toBe("locationName");
    // A partner cannot resume a master's step, nor the location wizard an account step.
    expect(resumeStep(account, "payment")).toBe("locationName");
    expect(resumeStep(location, "categories")).toBe("locationName");
  });

  it("property: always one of the given steps", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMPANY_TYPES),
        fc.constantFrom("account" as const, "location" as const),
        fc.option(fc.oneof(fc.constantFrom(...SETUP_STEPS), fc.string())),
        (type, mode, stored) => {
          const steps = setupSteps(mode, type);
          const step = resumeStep(steps, stored);
          expect(steps).toContain(step);
          if (steps.includes(stored as never)) expect(step).toBe(stored);
        },
      ),
    );
  });
});

describe("next and previous step", () => {
  it("walk the list and stop at its ends", () => {
    const steps = setupSteps("account", "partner");
    expect(nextSetupStep(steps, "locationName")).toBe("address");
    expect(previousSetupStep(steps, "address")).toBe("locationName");
    expect(previousSetupStep(steps, "locationName")).toBe("locationName");
    expect(nextSetupStep(steps, "finish")).toBe("finish");
    expect(nextSetupStep(setupSteps("account", "master"), "points")).toBe("payment");
  });
});
