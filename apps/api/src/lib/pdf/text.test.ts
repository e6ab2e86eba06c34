import { describe, expect, it } from "vitest";
import { winAnsi } from "./text.ts";

describe("winAnsi", () => {
  it("keeps what Helvetica can print, transliterates what it can and replaces the rest with ?", () => {
    expect(winAnsi("Café Müller – 1.234,56\u00a0€ „Ä“")).toBe("Café Müller – 1.234,56\u00a0€ „Ä“");
    expect(winAnsi("Łódź Kraków 🍩\u202f5\u22121")).toBe("Lódz Kraków ?\u00a05-1");
  });
});
