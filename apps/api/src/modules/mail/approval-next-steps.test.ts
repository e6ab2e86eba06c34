import { HARDWARE_DELIVERY_WEEKS, HARDWARE_FREE_AFTER_MONTHS, STARTER_KIT } from "@stempla/domain";
import { describe, expect, it } from "vitest";
import { approvalNextSteps, starterKitContents } from "./approval-next-steps.ts";

const input = {
  locations: ["Café am Markt", "Café am Dom"],
  locationsUrl: "https://stempla.test/en/locations",
  app: { iosUrl: "https://apps.example/ios", androidUrl: "https://apps.example/android" },
};

describe("approval next steps", () => {
  it("lists the kit from STARTER_KIT in both languages", () => {
    expect(starterKitContents("de")).toBe(
      `${STARTER_KIT.chipCard} Chipkarte (NFC und QR-Code), ${STARTER_KIT.stand} Aufsteller A5 und ${STARTER_KIT.sticker} Aufkleber`,
    );
    expect(starterKitContents("en")).toBe(
      `${STARTER_KIT.chipCard} chip card (NFC and QR code), ${STARTER_KIT.stand} A5 stand and ${STARTER_KIT.sticker} stickers`,
    );
  });

  it("says in English when the kit arrives, where the QR code is printed and how the first scan works", () => {
    const [heading, kit, print, scan] = approvalNextSteps("en", input);
    expect(heading).toBe("What happens next:");
    expect(kit).toContain(`within ${HARDWARE_DELIVERY_WEEKS} weeks`);
    expect(kit).toContain(`longer than ${HARDWARE_FREE_AFTER_MONTHS} months`);
    expect(kit).toContain("(Café am Markt, Café am Dom)");
    expect(print).toContain(input.locationsUrl);
    expect(scan).toContain(input.app.iosUrl);
    expect(scan).toContain(input.app.androidUrl);
  });

  it("names the stores without links when the app's pages are not given (demo seed), formally in German", () => {
    const scan = approvalNextSteps("de", { ...input, app: undefined }).at(-1)!;
    expect(scan).toBe(
      "3. Probieren Sie den ersten Scan aus: Installieren Sie die Stempla-App aus dem App Store oder von Google Play, melden Sie sich an und scannen Sie den QR-Code mit der App. Ihr erster Punkt ist gesammelt.",
    );
  });
});
