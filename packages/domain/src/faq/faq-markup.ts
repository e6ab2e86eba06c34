import { isLocale, type Locale } from "../locales.ts";
import { resolveFaqPlaceholders, unknownFaqPlaceholders } from "./faq-placeholders.ts";
import type { FaqBlock, FaqInline } from "./faq-responses.ts";

/**
 * The small markup of FAQ answers (spec section 7, GET /dashboard/adminFaq): `<red>…</red>` is a
 * danger block, a line break is a line break, and a link into the site — `[text](/pricing)` or a
 * bare path such as /pricing — gets the reader's locale prefix and is marked as a locale link.
 * A `{name}` placeholder becomes its number from the constants, formatted for the reader
 * (faq-placeholders.ts), wherever it stands: in text, a red block or a link's text.
 * The answer is turned into plain data, never into HTML: a client renders the nodes with its own
 * elements, so nothing the team types (a `<script>`, a `javascript:` link) can run in a browser.
 */
const RED = /<red>([\s\S]*?)<\/red>/gi;
const RED_TAG = /<\/?red>/gi;
/** `[text](target)`; the target has no spaces or brackets, so `javascript:alert(1)` never matches whole. */
const MARKDOWN_LINK = /\[([^\]\n]+)\]\(([^()\s]+)\)/;
/** Any `[text](…)` the team may have meant as a link, for the console's check. */
const LOOSE_MARKDOWN_LINK = /\[[^\]\n]+\]\(([^)\n]*)\)?/g;
/** A bare path at the start of a line, after a space or an opening bracket: " /pricing". */
const BARE_PATH = /(^|[\s(])(\/[A-Za-z0-9][\w\-.~/%?=&#]*)/;
const TOKEN = new RegExp(`${MARKDOWN_LINK.source}|${BARE_PATH.source}`, "g");
/** Characters of a path into the site: no backslash (browsers read "/\\" as "//"), no colon, no spaces. */
const SITE_PATH = /^\/(?!\/)[\w\-.~/%?=&#]*$/;
const ANCHOR = /^#[A-Za-z0-9][\w-]*$/;

type Link = Extract<FaqInline, { type: "link" }>;

/** Where a link target leads, or undefined for anything that is not a safe target (shown as text). */
export function faqLinkTarget(target: string, locale: Locale): Pick<Link, "href" | "kind"> | undefined {
  if (ANCHOR.test(target)) return { href: target, kind: "anchor" };
  if (SITE_PATH.test(target)) {
    const first = target.slice(1).split(/[/?#]/)[0];
    // A path that already names a language keeps it: the author linked that language on purpose.
    if (isLocale(first)) return { href: target, kind: "locale" };
    const rest = target === "/" ? "" : /^\/[?#]/.test(target) ? target.slice(1) : target;
    return { href: `/${locale}${rest}`, kind: "locale" };
  }
  if (/^(https?:\/\/|mailto:)/i.test(target)) {
    try {
      const url = new URL(target);
      if (["http:", "https:", "mailto:"].includes(url.protocol)) return { href: url.href, kind: "external" };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function inlines(line: string, locale: Locale): FaqInline[] {
  const nodes: FaqInline[] = [];
  const text = (value: string) => {
    if (!value) return;
    const last = nodes.at(-1);
    if (last?.type === "text") last.text += value;
    else nodes.push({ type: "text", text: value });
  };
  let at = 0;
  for (const match of line.matchAll(TOKEN)) {
    text(line.slice(at, match.index));
    at = match.index + match[0].length;
    const [whole, label, target, before, path] = match;
    if (label !== undefined && target !== undefined) {
      const link = faqLinkTarget(target, locale);
      if (link) nodes.push({ type: "link", text: label, ...link });
      else text(whole);
    } else if (path !== undefined) {
      text(before ?? "");
      // "Siehe /pricing." – the full stop ends the sentence, not the path.
      const trailing = /[.,;:!?]+$/.exec(path)?.[0] ?? "";
      const bare = path.slice(0, path.length - trailing.length);
      const link = faqLinkTarget(bare, locale);
      if (link) nodes.push({ type: "link", text: bare, ...link });
      else text(bare);
      text(trailing);
    }
  }
  text(line.slice(at));
  return nodes;
}

function block(type: FaqBlock["type"], source: string, locale: Locale): FaqBlock | undefined {
  // Line breaks next to a red tag only separate the blocks; they are not breaks inside them.
  const trimmed = source.replace(/^[ \t]*\n+|\n+[ \t]*$/g, "").trim();
  if (!trimmed) return undefined;
  const children: FaqInline[] = [];
  trimmed.split("\n").forEach((line, index) => {
    if (index > 0) children.push({ type: "break" });
    children.push(...inlines(line.trimEnd(), locale));
  });
  return { type, children };
}

/** An answer's text as blocks of text, line breaks and links, for readers of `locale`. */
export function faqAnswerBlocks(answer: string, locale: Locale): FaqBlock[] {
  // The values are numbers, amounts, times and dates: they add no markup of their own.
  const source = resolveFaqPlaceholders(answer.replace(/\r\n?/g, "\n"), locale);
  const blocks: (FaqBlock | undefined)[] = [];
  let at = 0;
  for (const match of source.matchAll(RED)) {
    blocks.push(block("paragraph", source.slice(at, match.index), locale));
    blocks.push(block("danger", match[1] ?? "", locale));
    at = match.index + match[0].length;
  }
  blocks.push(block("paragraph", source.slice(at), locale));
  return blocks.filter((b): b is FaqBlock => b !== undefined);
}

/**
 * What is wrong with an answer's markup, for the console: red tags must come in pairs and not
 * nest, every `[text](target)` must lead somewhere safe, and every `{name}` must be a known
 * placeholder. Undefined when it is fine.
 */
export function faqMarkupProblem(
  answer: string,
): "faq.answer.redTags" | "faq.answer.link" | "faq.answer.placeholder" | undefined {
  let open = false;
  for (const [tag] of answer.matchAll(RED_TAG)) {
    const closing = tag.startsWith("</");
    if (closing !== open) return "faq.answer.redTags";
    open = !closing;
  }
  if (open) return "faq.answer.redTags";
  for (const match of answer.matchAll(LOOSE_MARKDOWN_LINK)) {
    const target = match[1] ?? "";
    if (!match[0].endsWith(")") || !faqLinkTarget(target, "de") || /[()\s]/.test(target)) {
      return "faq.answer.link";
    }
  }
  if (unknownFaqPlaceholders(answer).length > 0) return "faq.answer.placeholder";
  return undefined;
}
