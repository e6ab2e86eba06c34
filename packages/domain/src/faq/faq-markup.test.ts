import { describe, expect, it } from "vitest";
import { faqEntryInputSchema } from "./faq-entry.ts";
import { faqAnswerBlocks, faqLinkTarget, faqMarkupProblem } from "./faq-markup.ts";
import type { FaqBlock } from "./faq-responses.ts";

const text = (value: string) => ({ type: "text", text: value });
const br = { type: "break" };
/** Every href the blocks link to. */
const hrefs = (blocks: FaqBlock[]) =>
  blocks.flatMap((b) => b.children.flatMap((n) => (n.type === "link" ? [n.href] : [])));

describe("faqAnswerBlocks", () => {
  it("turns line breaks into break nodes within one paragraph", () => {
    expect(faqAnswerBlocks("Erste Zeile\nZweite Zeile\r\nDritte", "de")).toEqual([
      { type: "paragraph", children: [text("Erste Zeile"), br, text("Zweite Zeile"), br, text("Dritte")] },
    ]);
  });

  it("turns red tags into a danger block between paragraphs, without empty breaks at its edges", () => {
    expect(faqAnswerBlocks("Vorher\n<red>Achtung:\nnicht erstattbar</red>\nNachher", "de")).toEqual([
      { type: "paragraph", children: [text("Vorher")] },
      { type: "danger", children: [text("Achtung:"), br, text("nicht erstattbar")] },
      { type: "paragraph", children: [text("Nachher")] },
    ]);
    expect(faqAnswerBlocks("<RED>Nur rot</RED>", "en")).toEqual([
      { type: "danger", children: [text("Nur rot")] },
    ]);
  });

  it("gives markdown links and bare paths into the site the reader's locale and the locale kind", () => {
    const [block] = faqAnswerBlocks("Siehe [Preise](/pricing) oder /contact-us. Und (/faq#hardware)", "en");
    expect(block?.children).toEqual([
      text("Siehe "),
      { type: "link", text: "Preise", href: "/en/pricing", kind: "locale" },
      text(" oder "),
      { type: "link", text: "/contact-us", href: "/en/contact-us", kind: "locale" },
      text(". Und ("),
      { type: "link", text: "/faq#hardware", href: "/en/faq#hardware", kind: "locale" },
      text(")"),
    ]);
    expect(hrefs(faqAnswerBlocks("[Start](/) [de](/de/pricing) [Anker](/#x)", "de"))).toEqual([
      "/de",
      "/de/pricing",
      "/de#x",
    ]);
  });

  it("keeps anchors to other answers and http(s)/mailto addresses as they are", () => {
    const blocks = faqAnswerBlocks(
      "[oben](#estimated-extra-revenue) [Bank](https://example.com/a?b=1) [Mail](mailto:support@stempla.de)",
      "de",
    );
    expect(blocks[0]?.children.filter((n) => n.type === "link")).toEqual([
      { type: "link", text: "oben", href: "#estimated-extra-revenue", kind: "anchor" },
      { type: "link", text: "Bank", href: "https://example.com/a?b=1", kind: "external" },
      { type: "link", text: "Mail", href: "mailto:support@stempla.de", kind: "external" },
    ]);
  });

  it("leaves slashes that are not paths alone", () => {
    expect(
      faqAnswerBlocks("und/oder, 24/7, Karte / Aufsteller, //evil.example, https://x.de/y", "de"),
    ).toEqual([
      {
        type: "paragraph",
        children: [text("und/oder, 24/7, Karte / Aufsteller, //evil.example, https://x.de/y")],
      },
    ]);
  });

  it("makes scripts and dangerous link targets inert text", () => {
    const source =
      '<script>alert(1)</script>\n[klick](javascript:alert(1)) [x](javascript:void) [d](data:text/html,hi) [p](//evil.example/a) [b](/\\evil) <img src=x onerror="alert(1)">';
    const blocks = faqAnswerBlocks(source, "de");
    expect(hrefs(blocks)).toEqual([]);
    const all = blocks.flatMap((b) => b.children);
    expect(all.every((n) => n.type === "text" || n.type === "break")).toBe(true);
    // The characters are kept as text; a client renders them as text, never as markup.
    expect(all.map((n) => (n.type === "text" ? n.text : "\n")).join("")).toBe(source);
  });

  it("shows an unclosed red tag as the text it is", () => {
    expect(faqAnswerBlocks("<red>offen", "de")).toEqual([
      { type: "paragraph", children: [text("<red>offen")] },
    ]);
  });

  it("answers nothing for an empty text", () => {
    expect(faqAnswerBlocks("  \n ", "de")).toEqual([]);
  });
});

describe("faqLinkTarget", () => {
  it("refuses other schemes and protocol-relative or backslash paths", () => {
    for (const target of [
      "javascript:alert(1)",
      "JAVASCRIPT:x",
      "vbscript:x",
      "data:x",
      "//x.de",
      "/\\x.de",
      "ftp://x",
    ]) {
      expect(faqLinkTarget(target, "de")).toBeUndefined();
    }
  });
});

describe("faqMarkupProblem and the entry schema", () => {
  it("accepts balanced red tags and safe links", () => {
    expect(faqMarkupProblem("a <red>b</red> c <red>d</red> [e](/faq) [f](#g)")).toBeUndefined();
  });

  it("names unbalanced or nested red tags and unsafe links", () => {
    expect(faqMarkupProblem("<red>a")).toBe("faq.answer.redTags");
    expect(faqMarkupProblem("a</red>")).toBe("faq.answer.redTags");
    expect(faqMarkupProblem("<red><red>a</red></red>")).toBe("faq.answer.redTags");
    expect(faqMarkupProblem("[x](javascript:alert(1))")).toBe("faq.answer.link");
    expect(faqMarkupProblem("[x](/a b)")).toBe("faq.answer.link");
    expect(faqMarkupProblem("[x](/faq")).toBe("faq.answer.link");
  });

  it("puts the markup problem on the answer field", () => {
    const result = faqEntryInputSchema.safeParse({
      slug: "Kein Anker",
      topic: "getting-started",
      audience: "both",
      published: true,
      question_de: "Frage?",
      question_en: "Question?",
      answer_de: "<red>offen",
      answer_en: "x".repeat(4001),
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? []);
    expect(issues).toEqual({
      slug: "faq.slug",
      answer_de: "faq.answer.redTags",
      answer_en: "faq.answer.max",
    });
  });
});
