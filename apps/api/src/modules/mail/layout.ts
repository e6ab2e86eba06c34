import type { Locale } from "@stempla/domain";

export interface MailContent {
  subject: string;
  /** Paragraphs of plain text; each becomes a <p> in HTML. */
  paragraphs: string[];
  /** Optional key-value facts shown as a table (HTML) or aligned lines (text). */
  facts?: [label: string, value: string][];
  /** A button (HTML) or a bare link line (text). */
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  afterAction?: string[];
}

const footer: Record<Locale, string> = {
  de: "Stempla – die digitale Stempelkarte für Ihr Geschäft · Diese E-Mail wurde automatisch versendet.",
  en: "Stempla – the digital stamp card for your business · This email was sent automatically.",
};

/** Renders a transactional mail in the product's look, as HTML and as plain text. */
export function renderMail(
  content: MailContent,
  locale: Locale,
): { subject: string; html: string; text: string } {
  const facts = content.facts ?? [];
  const after = content.afterAction ?? [];
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...after,
    ...(facts.length ? [facts.map(([k, v]) => `${k}: ${v}`).join("\n")] : []),
    "--",
    footer[locale],
  ].join("\n\n");

  const factRows = facts
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#555;vertical-align:top">${escapeHtml(k)}</td>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f4f1ec;font-family:Helvetica,Arial,sans-serif;color:#1f2328">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px">
<tr><td style="background:#c2410c;color:#fff;padding:16px 24px;border-radius:12px 12px 0 0;font-size:20px;font-weight:bold">Stempla</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${content.paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join("\n")}
${content.action ? actionButton(content.action) : ""}
${after.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join("\n")}
${facts.length ? `<table role="presentation" style="margin-top:12px;font-size:14px">${factRows}</table>` : ""}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #eee">${escapeHtml(footer[locale])}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: content.subject, html, text };
}

function actionButton(action: { label: string; url: string }): string {
  const url = escapeHtml(action.url);
  return `<p style="margin:20px 0"><a href="${url}" style="display:inline-block;background:#c2410c;color:#fff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#6b7280;word-break:break-all">${url}</p>`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
