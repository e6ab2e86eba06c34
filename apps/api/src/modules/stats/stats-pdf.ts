import {
  BERLIN_TIME_ZONE,
  berlinDay,
  type CustomerHistory,
  customerLabel,
  type DashboardStats,
  type FraudList,
  formatMoney,
  type Locale,
  localeTag,
  outstandingRewardsText,
  type PointBalance,
  type RedeemDilution,
  type RedeemHistory,
  type ScanHistory,
  type StatsPeriod,
  type TopCustomers,
} from "@stempla/domain";
import { renderPdf } from "../../lib/pdf/document.ts";
import { PDF_COLORS as C } from "../../lib/pdf/palette.ts";
import { winAnsi } from "../../lib/pdf/text.ts";
import { PdfWriter } from "../../lib/pdf/writer.ts";
import { type StatsPdfTexts, statsPdfTexts } from "./stats-pdf-texts.ts";

// The dashboard start page as a PDF (spec section 2: "PDF of the current selection"): the same
// figures as GET /dashboard/stats and the chart endpoints, drawn with pdfkit's vector graphics.
// Every text is placed at explicit coordinates without pdfkit's line wrapper (lineBreak: false),
// so nothing can spill onto an unplanned page; pages are added only by this file.

export interface StatsPdfInput {
  locale: Locale;
  /** The partner's public name, else its company name. */
  partnerName: string;
  /** What the figures cover, named under the title. */
  selection: StatsPdfSelection;
  /** How many companies' cards the selection covers (more than one: a network or a mixed set). */
  companies: number;
  /** The selection includes a franchisee's locations: customer lists stay the partner's own. */
  franchise: boolean;
  createdAt: Date;
  stats: DashboardStats;
  /** Scan history as the page shows it: 12 weeks or 12 months. */
  scanHistory: ScanHistory;
  scanHistoryPeriod: StatsPeriod;
  redeemHistory: RedeemHistory;
  redeemDilution: RedeemDilution;
  customerHistory: CustomerHistory;
  pointBalance: PointBalance;
  /** All locations, since the start (as on the page). */
  topCustomers: TopCustomers;
  fraud: FraudList;
}

/**
 * The selection as the PDF names it: every own location, the whole franchise network (counted),
 * or the chosen locations by name (docs/decisions/008-franchise-model.md, section 4).
 */
export type StatsPdfSelection =
  | { kind: "all" }
  | { kind: "network"; companies: number; locations: number }
  | { kind: "locations"; names: string[] };

/** The attachment's file name, e.g. stempla-statistik-2026-11.pdf. */
export const statsPdfFileName = (locale: Locale, month: string) =>
  `${statsPdfTexts[locale].fileName}-${month}.pdf`;

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 40;
const CONTENT = PAGE.width - 2 * MARGIN;
/** Lowest y content may reach; the footer sits below it. */
const BOTTOM = PAGE.height - 52;
/** Where content starts on pages after the first (below the running header). */
const TOP = 62;

type Doc = PDFKit.PDFDocument;

export async function statsPdf(input: StatsPdfInput): Promise<Buffer> {
  const t = statsPdfTexts[input.locale];
  return renderPdf(
    {
      size: "A4",
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: PAGE.height - BOTTOM },
      bufferPages: true,
      info: {
        Title: winAnsi(`${t.title} ${input.partnerName}`),
        Author: "Stempla",
        Creator: "Stempla",
        CreationDate: input.createdAt,
      },
    },
    (doc) => new Renderer(doc, input, t).render(),
  );
}

class Renderer extends PdfWriter {
  /** The language tag numbers and dates are formatted with. */
  private readonly tag: string;
  private readonly n: Intl.NumberFormat;
  private readonly decimal: Intl.NumberFormat;
  private readonly percent: Intl.NumberFormat;
  private readonly monthLabel: string;
  private readonly selectionLabel: string;

  constructor(
    doc: Doc,
    private readonly input: StatsPdfInput,
    private readonly t: StatsPdfTexts,
  ) {
    super(doc);
    const nl = localeTag(input.locale);
    this.tag = nl;
    this.n = new Intl.NumberFormat(nl, { maximumFractionDigits: 0 });
    this.decimal = new Intl.NumberFormat(nl, { maximumFractionDigits: 1 });
    this.percent = new Intl.NumberFormat(nl, { style: "percent", maximumFractionDigits: 0 });
    this.monthLabel = this.monthName(input.stats.month, "long");
    this.selectionLabel = `${this.monthLabel} · ${this.selectionName(input.selection)}`;
  }

  render() {
    let y = this.header();
    y = this.keyFigures(y);
    y = this.frequencyAndOrigin(y + 14);
    y = this.scanHistoryChart(y + 18);
    y = this.redeemHistoryChart(y + 18);
    y = this.customerChart(y + 18);
    y = this.pointsChart(y + 18);
    y = this.dilutionChart(y + 18);
    y = this.pointBalanceTable(y + 22);
    y = this.topCustomersTable(y + 22);
    this.fraudTable(y + 22);
    this.frame();
  }

  // ---- formatting -------------------------------------------------------------------------

  private num = (v: number) => this.n.format(v);
  /** The dashboard's money format: "1.234,56 €" / "€1,234.56". */
  private eur = (cents: number) => formatMoney(cents, this.input.locale);

  private monthName(month: string, width: "long" | "short", withYear = true) {
    const [year, m] = month.split("-").map(Number) as [number, number];
    return new Intl.DateTimeFormat(this.tag, {
      month: width,
      ...(withYear ? { year: "numeric" } : {}),
      timeZone: "UTC",
    }).format(new Date(Date.UTC(year, m - 1, 1)));
  }

  private day(day: string) {
    const [year, m, d] = day.split("-").map(Number) as [number, number, number];
    return new Intl.DateTimeFormat(this.tag, {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(Date.UTC(year, m - 1, d)));
  }

  /** "17. Nov." / "17 Nov": the first day of a week on the chart's axis. */
  private dayMonth(day: string) {
    const [year, m, d] = day.split("-").map(Number) as [number, number, number];
    return new Intl.DateTimeFormat(this.tag, {
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    }).format(new Date(Date.UTC(year, m - 1, d)));
  }

  private selectionName(selection: StatsPdfSelection): string {
    switch (selection.kind) {
      case "all":
        return this.t.allLocations;
      case "network":
        return this.t.network(selection.companies, selection.locations, this.num);
      case "locations":
        return selection.names.length === 1
          ? selection.names[0]!
          : this.t.locationSet(this.num(selection.names.length), selection.names.join(", "));
    }
  }

  // ---- text primitives --------------------------------------------------------------------

  /** The largest font size (down to `min`) at which `text` fits into `max` points. */
  private shrink(text: string, bold: boolean, size: number, min: number, max: number) {
    let s = size;
    this.font(bold, s);
    while (s > min && this.width(text) > max) {
      s -= 0.5;
      this.font(bold, s);
    }
    return s;
  }

  // ---- page structure ---------------------------------------------------------------------

  private header(): number {
    const doc = this.doc;
    doc.rect(0, 0, PAGE.width, 58).fill(C.brand);
    this.font(true, 22, C.white).put("Stempla", MARGIN, 19);
    this.font(false, 12, C.white).put(this.t.title, PAGE.width - MARGIN, 25, "right");

    this.font(true, 17).put(this.input.partnerName, MARGIN, 78, "left", CONTENT);
    this.font(false, 11, C.muted).put(this.selectionLabel, MARGIN, 101, "left", CONTENT);
    const created = new Intl.DateTimeFormat(this.tag, {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: BERLIN_TIME_ZONE,
    }).format(this.input.createdAt);
    this.font(false, 8.5, C.faint).put(this.t.created(created), MARGIN, 118);
    return 140;
  }

  /** A new page with the running header; returns where content starts. */
  private newPage(): number {
    this.doc.addPage();
    const doc = this.doc;
    this.font(true, 9, C.brand).put("Stempla", MARGIN, 30);
    const right = `${this.input.partnerName} · ${this.selectionLabel}`;
    this.font(false, 8, C.muted).put(right, PAGE.width - MARGIN, 31, "right", CONTENT - 70);
    doc
      .moveTo(MARGIN, 45)
      .lineTo(PAGE.width - MARGIN, 45)
      .lineWidth(0.6)
      .strokeColor(C.brandLine)
      .stroke();
    return TOP;
  }

  /** y, or the top of a new page when `height` does not fit below y on this one. */
  private room(y: number, height: number): number {
    return y + height > BOTTOM ? this.newPage() : y;
  }

  private section(title: string, y: number, hint?: string): number {
    this.font(true, 11.5, C.brandDark).put(title, MARGIN, y);
    if (hint) this.font(false, 7.5, C.faint).put(hint, MARGIN, y + 15, "left", CONTENT);
    return y + (hint ? 28 : 18);
  }

  /** Footer (page x of y) on every page, written once all pages exist. */
  private frame() {
    const doc = this.doc;
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      const y = PAGE.height - 32;
      doc
        .moveTo(MARGIN, y - 8)
        .lineTo(PAGE.width - MARGIN, y - 8)
        .lineWidth(0.5)
        .strokeColor(C.grid)
        .stroke();
      this.font(false, 7.5, C.faint).put(
        `Stempla · ${this.t.title} ${this.monthLabel}`,
        MARGIN,
        y,
        "left",
        CONTENT - 110,
      );
      this.put(this.t.page(i - start + 1, count), PAGE.width - MARGIN, y, "right");
    }
  }

  // ---- key figures ------------------------------------------------------------------------

  private keyFigures(y0: number): number {
    const s = this.input.stats;
    const t = this.t;
    let y = this.section(t.keyFigures, y0);
    const tiles: [string, string, string][] = [
      [t.cardOwners, this.num(s.cardOwners), t.cardOwnersHint],
      [t.scans, this.num(s.scans), t.scansHint],
      [t.cardsRedeemed, this.num(s.cardsRedeemed), t.cardsRedeemedHint],
      [t.sales, this.eur(s.sales), t.salesHint(this.eur(s.averageReceiptCents))],
      [t.newCustomers, this.num(s.customers.new), t.activeHint(this.num(s.customers.active))],
      [t.returningCustomers, this.num(s.customers.returning), t.activeHint(this.num(s.customers.active))],
      [
        t.fullCards,
        this.num(s.outstanding.fullCards),
        t.fullCardsHint(s.maxPoints ? this.num(s.maxPoints) : null),
      ],
      [t.openPoints, this.num(s.outstanding.openPoints), t.openPointsHint],
    ];
    const gap = 8;
    const w = (CONTENT - 3 * gap) / 4;
    const h = 60;
    tiles.forEach(([label, value, hint], i) => {
      const x = MARGIN + (i % 4) * (w + gap);
      const ty = y + Math.floor(i / 4) * (h + gap);
      this.doc.roundedRect(x, ty, w, h, 4).fillAndStroke(C.brandPale, C.brandLine);
      this.doc.rect(x, ty + 4, 2.5, h - 8).fill(C.brand);
      this.font(false, 7.5, C.muted).put(label, x + 10, ty + 9, "left", w - 16);
      this.shrink(value, true, 18, 10, w - 16);
      this.doc.fillColor(C.text);
      this.put(value, x + 10, ty + 23);
      this.font(false, 6.8, C.faint).put(hint, x + 10, ty + 46, "left", w - 16);
    });
    y += 2 * h + gap + 8;
    this.font(false, 7, C.faint);
    const note = [
      (this.input.companies > 1 ? t.outstandingNoteCompanies : t.outstandingNote)(
        outstandingRewardsText(s.outstanding, this.input.locale),
      ),
      t.salesNote(this.eur(s.averageReceiptCents), s.averageReceiptIsDefault),
    ]
      .map(winAnsi)
      .join("\n");
    // What is owed on a line of its own, then how the revenue is estimated (two lines at most):
    // wrapped by words within the content width, far above the bottom margin.
    this.doc.text(note, MARGIN, y, { width: CONTENT, lineGap: 1 });
    return this.doc.y;
  }

  private frequencyAndOrigin(y0: number): number {
    const s = this.input.stats;
    const t = this.t;
    const gap = 12;
    const w = (CONTENT - gap) / 2;
    const h = 104;
    const panel = (x: number, title: string) => {
      this.doc.roundedRect(x, y0, w, h, 4).lineWidth(0.8).stroke(C.grid);
      this.font(true, 10, C.brandDark).put(title, x + 12, y0 + 10);
    };
    const row = (x: number, y: number, label: string, value: string, bold = true) => {
      this.font(false, 8.5, C.muted).put(label, x + 12, y, "left", w - 90);
      this.font(bold, 10, C.text).put(value, x + w - 12, y - 1, "right");
    };

    // Scan frequency
    const f = s.scanFrequency;
    panel(MARGIN, t.scanFrequency);
    row(MARGIN, y0 + 32, t.last24h, this.num(f.last24h));
    row(MARGIN, y0 + 50, t.month, this.num(f.month));
    row(MARGIN, y0 + 68, t.total, this.num(f.total));
    this.font(false, 7.5, C.faint).put(
      f.since ? t.since(this.day(f.since), this.decimal.format(f.perDaySinceStart)) : t.noScansYet,
      MARGIN + 12,
      y0 + 87,
      "left",
      w - 24,
    );

    // Point origin: NFC and QR split all collections; PIN collections are a part of them.
    const o = s.pointOrigin;
    const x = MARGIN + w + gap;
    panel(x, t.pointOrigin);
    const all = o.nfc + o.qr;
    const share = (v: number) => (all ? ` (${this.percent.format(v / all)})` : "");
    const barW = w - 24;
    const by = y0 + 30;
    this.doc.rect(x + 12, by, barW, 8).fill(C.grid);
    if (all) {
      this.doc.rect(x + 12, by, (barW * o.nfc) / all, 8).fill(C.brand);
      this.doc.rect(x + 12 + (barW * o.nfc) / all, by, (barW * o.qr) / all, 8).fill(C.brandLight);
    }
    const swatchRow = (y: number, color: string | null, label: string, value: string) => {
      if (color) this.doc.rect(x + 12, y + 1.5, 7, 7).fill(color);
      this.font(false, 8.5, C.muted).put(label, x + (color ? 24 : 12), y, "left", w - 110);
      this.font(true, 10, C.text).put(value, x + w - 12, y - 1, "right");
    };
    swatchRow(y0 + 48, C.brand, t.nfc, `${this.num(o.nfc)}${share(o.nfc)}`);
    swatchRow(y0 + 66, C.brandLight, t.qr, `${this.num(o.qr)}${share(o.qr)}`);
    swatchRow(y0 + 84, null, t.withPin, `${this.num(o.withPin)}${share(o.withPin)}`);
    return y0 + h;
  }

  // ---- charts -----------------------------------------------------------------------------

  private scanHistoryChart(y0: number): number {
    const h = this.input.scanHistory;
    const byWeek = this.input.scanHistoryPeriod === "week";
    const title = byWeek ? this.t.scanHistory : this.t.scanHistoryByMonth;
    const y = this.section(title, this.room(y0, 18 + 144));
    return this.barChart({
      y,
      height: 144,
      labels: h.map((w) =>
        byWeek
          ? [this.t.week(String(Number(w.period.slice(-2)))), this.dayMonth(w.start)]
          : this.monthLabels(w.start),
      ),
      series: [{ name: this.t.scansSeries, color: C.brand, values: h.map((w) => w.scans) }],
    });
  }

  private redeemHistoryChart(y0: number): number {
    const h = this.input.redeemHistory;
    const y = this.section(this.t.redeemHistory, this.room(y0, 18 + 134));
    return this.barChart({
      y,
      height: 134,
      labels: h.map((m) => this.monthLabels(m.month)),
      series: [{ name: this.t.cardsRedeemed, color: C.brand, values: h.map((m) => m.cardsRedeemed) }],
    });
  }

  private customerChart(y0: number): number {
    const h = this.input.customerHistory;
    const y = this.section(this.t.customerHistory, this.room(y0, 18 + 150));
    return this.barChart({
      y,
      height: 150,
      labels: h.map((m) => this.monthLabels(m.month)),
      series: [
        { name: this.t.newSeries, color: C.brand, values: h.map((m) => m.newCustomers) },
        { name: this.t.returningSeries, color: C.brandLight, values: h.map((m) => m.returningCustomers) },
      ],
    });
  }

  private pointsChart(y0: number): number {
    const d = this.input.stats.pointsDistribution;
    const y = this.section(
      this.t.pointsDistribution,
      this.room(y0, 28 + 140),
      this.input.companies > 1 ? this.t.pointsDistributionHintCompanies : this.t.pointsDistributionHint,
    );
    return this.barChart({
      y,
      height: 140,
      labels: d.map((p) => [this.num(p.points)]),
      series: [{ name: this.t.fullCards, color: C.brand, values: d.map((p) => p.cards) }],
      xTitle: this.t.pointsAxis,
      empty: this.t.noCards,
      highlight: this.input.stats.maxPoints ?? undefined,
      legend: this.input.stats.maxPoints == null ? [] : [{ name: this.t.fullCardBar, color: C.brandDark }],
    });
  }

  private dilutionChart(y0: number): number {
    const h = this.input.redeemDilution;
    const y = this.section(this.t.dilution, this.room(y0, 18 + 150));
    return this.barChart({
      y,
      height: 150,
      grouped: true,
      labels: h.map((m) => this.monthLabels(m.month)),
      series: [
        { name: this.t.pointsCollected, color: C.brand, values: h.map((m) => m.pointsCollected) },
        { name: this.t.pointsRedeemed, color: C.brandLight, values: h.map((m) => m.pointsRedeemed) },
      ],
    });
  }

  private monthLabels(month: string): string[] {
    const short = this.monthName(month, "short", false);
    return [short, month.slice(0, 4)];
  }

  /**
   * A bar chart over the content width: y axis with round ticks and grid lines, bars (stacked
   * when there are several series) with their values, category labels below. Returns the y
   * below it.
   */
  private barChart(c: {
    y: number;
    height: number;
    labels: string[][];
    series: { name: string; color: string; values: number[] }[];
    xTitle?: string;
    /** Category index drawn darker (the full card). */
    highlight?: number;
    /** Shown instead of bars when every value is 0. */
    empty?: string;
    /** Legend entries; default: the series of a chart with several. */
    legend?: { name: string; color: string }[];
    /** Several series side by side instead of stacked (values that are not parts of a whole). */
    grouped?: boolean;
  }): number {
    const doc = this.doc;
    const legend = c.legend ?? (c.series.length > 1 ? c.series : []);
    const legendH = legend.length ? 14 : 0;
    const axisW = 38;
    const labelsH = 10 + 9 * Math.max(...c.labels.map((l) => l.length)) + (c.xTitle ? 12 : 0);
    const left = MARGIN + axisW;
    const right = MARGIN + CONTENT;
    const top = c.y + legendH + 10; // room for the value above the highest bar
    const bottom = c.y + c.height - labelsH;
    const count = c.labels.length;
    const totals = c.labels.map((_, i) =>
      c.grouped
        ? Math.max(0, ...c.series.map((s) => s.values[i] ?? 0))
        : c.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0),
    );
    const { max, step } = niceScale(Math.max(0, ...totals));
    const yOf = (v: number) => bottom - ((bottom - top) * v) / max;

    if (legend.length) {
      let lx = right;
      for (const s of [...legend].reverse()) {
        this.font(false, 7.5, C.muted);
        lx -= this.width(s.name);
        this.put(s.name, lx, c.y);
        lx -= 11;
        doc.rect(lx, c.y + 0.5, 7, 7).fill(s.color);
        lx -= 14;
      }
    }

    // Grid and y axis
    for (let v = 0; v <= max + step / 2; v += step) {
      const gy = yOf(v);
      doc
        .moveTo(left, gy)
        .lineTo(right, gy)
        .lineWidth(v === 0 ? 0.8 : 0.4)
        .strokeColor(v === 0 ? C.faint : C.grid)
        .stroke();
      this.font(false, 7, C.faint).put(this.num(v), left - 5, gy - 3, "right");
    }

    // Bars
    const slot = (right - left) / count;
    const barW = Math.min(slot * 0.62, 34);
    const empty = totals.every((v) => v === 0);
    const parts = c.labels.map((_, i) => c.series.filter((s) => (s.values[i] ?? 0) > 0).length);
    for (let i = 0; i < count; i++) {
      const cx = left + slot * (i + 0.5);
      if (c.grouped) {
        const w = barW / c.series.length;
        c.series.forEach((s, k) => {
          const v = s.values[i] ?? 0;
          if (v > 0) doc.rect(cx - barW / 2 + k * w, yOf(v), w - 0.6, bottom - yOf(v)).fill(s.color);
        });
        continue;
      }
      let base = 0;
      for (const s of c.series) {
        const v = s.values[i] ?? 0;
        if (v > 0) {
          const y1 = yOf(base + v);
          const color = c.highlight !== undefined && i >= c.highlight ? C.brandDark : s.color;
          doc.rect(cx - barW / 2, y1, barW, yOf(base) - y1).fill(color);
          // The segment's own value inside it, where it fits (stacked charts with several parts).
          if (parts[i]! > 1 && yOf(base) - y1 >= 10) {
            this.font(false, 6.5, s.color === C.brandLight ? C.text : C.white);
            if (this.width(this.num(v)) <= barW - 2)
              this.put(this.num(v), cx, y1 + (yOf(base) - y1) / 2 - 2.5, "center");
          }
          base += v;
        }
      }
      if (totals[i]! > 0) {
        const label = this.num(totals[i]!);
        this.font(true, 7, C.text);
        if (this.width(label) <= slot - 1) this.put(label, cx, yOf(totals[i]!) - 9, "center");
      }
    }
    if (empty)
      this.font(false, 9, C.faint).put(
        c.empty ?? this.t.noData,
        (left + right) / 2,
        (top + bottom) / 2 - 4,
        "center",
      );

    // Category labels, thinned out where they would touch.
    this.font(false, 7, C.muted);
    const widest = Math.max(...c.labels.flat().map((l) => this.width(l)));
    const every = Math.max(1, Math.ceil((widest + 4) / slot));
    for (let i = 0; i < count; i += every) {
      const cx = left + slot * (i + 0.5);
      c.labels[i]!.forEach((line, k) => {
        this.font(false, 7, k === 0 ? C.muted : C.faint).put(line, cx, bottom + 5 + k * 9, "center");
      });
    }
    if (c.xTitle)
      this.font(false, 7, C.faint).put(
        c.xTitle,
        (left + right) / 2,
        bottom + 5 + 9 * c.labels[0]!.length + 3,
        "center",
      );
    return c.y + c.height;
  }

  // ---- point balance table ----------------------------------------------------------------

  private pointBalanceTable(y0: number): number {
    const t = this.t;
    const rows = this.input.pointBalance.locations;
    const rowH = 15;
    const headH = 22;
    const numW = 92;
    const nameW = CONTENT - 4 * numW;
    const cols = [t.cardsRedeemed, t.pointsCollected, t.pointsRedeemed, t.difference];
    const title = t.pointBalance(this.monthLabel);

    const head = (y: number, continued: boolean) => {
      const ty = this.section(continued ? `${title} ${t.continued}` : title, y);
      this.doc.rect(MARGIN, ty, CONTENT, headH).fill(C.brandPale);
      this.doc
        .moveTo(MARGIN, ty + headH)
        .lineTo(MARGIN + CONTENT, ty + headH)
        .lineWidth(0.8)
        .strokeColor(C.brandLine)
        .stroke();
      this.font(true, 8, C.brandDark).put(t.location, MARGIN + 6, ty + 7, "left", nameW - 12);
      cols.forEach((label, k) => {
        this.put(label, MARGIN + nameW + (k + 1) * numW - 6, ty + 7, "right", numW - 8);
      });
      return ty + headH;
    };

    // The title, header and at least two rows stay together.
    let y = head(this.room(y0, 18 + headH + 2 * rowH), false);
    if (rows.length === 0) {
      this.font(false, 8.5, C.faint).put(t.noLocations, MARGIN + 6, y + 5);
      return y + rowH;
    }
    const line = (
      y: number,
      name: string,
      values: number[],
      opts: { bold?: boolean; zebra?: boolean } = {},
    ) => {
      if (opts.zebra) this.doc.rect(MARGIN, y, CONTENT, rowH).fill(C.zebra);
      this.font(opts.bold ?? false, 8.5, C.text).put(name, MARGIN + 6, y + 4, "left", nameW - 12);
      values.forEach((v, k) => {
        this.font(opts.bold ?? false, 8.5, v < 0 ? C.brandDark : C.text);
        this.put(this.num(v), MARGIN + nameW + (k + 1) * numW - 6, y + 4, "right");
      });
    };
    const sums = [0, 0, 0, 0];
    rows.forEach((row, i) => {
      if (y + rowH > BOTTOM) y = head(this.newPage(), true);
      const values = [row.cardsRedeemed, row.pointsCollected, row.pointsRedeemed, row.difference];
      values.forEach((v, k) => {
        sums[k]! += v;
      });
      const name = row.kind === "franchise" ? `${row.name} · ${row.companyName}` : row.name;
      line(y, name, values, { zebra: i % 2 === 1 });
      y += rowH;
    });
    if (rows.length > 1) {
      if (y + rowH + 2 > BOTTOM) y = head(this.newPage(), true);
      this.doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + CONTENT, y)
        .lineWidth(0.8)
        .strokeColor(C.faint)
        .stroke();
      line(y + 1, t.sum, sums, { bold: true });
      y += rowH + 1;
    }
    return y;
  }

  // ---- lists ------------------------------------------------------------------------------

  /**
   * A titled table of text cells over the content width (widths as shares of it), its header
   * repeated on every page it runs onto; `empty` stands in for no rows. Returns the y below it.
   */
  private table(
    y0: number,
    title: string,
    columns: { label: string; share: number; align?: "left" | "right" }[],
    rows: string[][],
    empty: string,
  ): number {
    const rowH = 15;
    const headH = 20;
    const widths = columns.map((col) => col.share * CONTENT);
    const xs = widths.map((_, k) => MARGIN + widths.slice(0, k).reduce((a, b) => a + b, 0));
    const cell = (text: string, k: number, y: number) => {
      const align = columns[k]!.align ?? "left";
      const x = align === "right" ? xs[k]! + widths[k]! - 6 : xs[k]! + 6;
      this.put(text, x, y, align, widths[k]! - 12);
    };
    const head = (y: number, continued: boolean) => {
      const ty = this.section(continued ? `${title} ${this.t.continued}` : title, y);
      this.doc.rect(MARGIN, ty, CONTENT, headH).fill(C.brandPale);
      this.font(true, 8, C.brandDark);
      columns.forEach((col, k) => {
        cell(col.label, k, ty + 6);
      });
      return ty + headH;
    };
    let y = head(this.room(y0, 18 + headH + 2 * rowH), false);
    if (rows.length === 0) {
      this.font(false, 8.5, C.faint).put(empty, MARGIN + 6, y + 5);
      return y + rowH;
    }
    rows.forEach((row, i) => {
      if (y + rowH > BOTTOM) y = head(this.newPage(), true);
      if (i % 2 === 1) this.doc.rect(MARGIN, y, CONTENT, rowH).fill(C.zebra);
      this.font(false, 8.5, C.text);
      row.forEach((text, k) => {
        cell(text, k, y + 4);
      });
      y += rowH;
    });
    return y;
  }

  private topCustomersTable(y0: number): number {
    const t = this.t;
    return this.table(
      y0,
      this.input.franchise ? t.topCustomersOwn : t.topCustomers,
      [
        { label: t.customer, share: 0.36 },
        { label: t.collects, share: 0.14, align: "right" },
        { label: t.redeems, share: 0.16, align: "right" },
        { label: t.pointsNow, share: 0.14, align: "right" },
        { label: t.lastVisit, share: 0.2, align: "right" },
      ],
      this.input.topCustomers.map((c) => [
        customerLabel(c.customer, this.input.locale),
        this.num(c.collects),
        this.num(c.redeems),
        this.num(c.points),
        this.day(berlinDay(new Date(c.lastVisit))),
      ]),
      t.noCustomers,
    );
  }

  private fraudTable(y0: number): number {
    const t = this.t;
    return this.table(
      y0,
      (this.input.franchise ? t.fraudOwn : t.fraud)(this.monthLabel),
      [
        { label: t.customer, share: 0.28 },
        { label: t.rule, share: 0.22 },
        { label: t.day, share: 0.14, align: "right" },
        { label: t.location, share: 0.24 },
        { label: t.occurrences, share: 0.12, align: "right" },
      ],
      this.input.fraud.map((f) => [
        f.customer ? customerLabel(f.customer, this.input.locale) : t.manyCustomers,
        t.rules[f.rule],
        this.day(f.day),
        f.location.name,
        this.num(f.occurrences),
      ]),
      t.noFraud,
    );
  }
}

/** A round axis maximum and tick step (1, 2 or 5 × 10^k; at least 1) for values up to `top`. */
export function niceScale(top: number, ticks = 4): { max: number; step: number } {
  if (top <= ticks) return { max: ticks, step: 1 };
  const raw = top / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw);
  return { max: Math.ceil(top / step) * step, step };
}
