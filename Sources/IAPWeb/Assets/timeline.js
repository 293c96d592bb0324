// A subscription's timeline as SVG, from GET /subscriptions/{id}/timeline: one bar per period
// (coloured by its offer; red when refunded), a band for billing retry and grace, a tick per
// notification, on an axis dated at the period boundaries (the renewal dates) that reaches
// the store's clock (a dashed line marks now).
// Hooks for tests: svg[data-timeline=PRODUCT] and [data-period=INDEX] on each bar.

const SVG = "http://www.w3.org/2000/svg";
// Positions are percentages of the drawing's width and sizes are pixels, so the text keeps its
// size at any width (the style sheet gives the drawing a minimum width and lets its box scroll).
const left = 1;
const right = 99;
/** The least gap between two dated ticks, in percent: room for a date at the narrowest width. */
const tickGap = 16;

function node(tag, attributes = {}, text) {
  const n = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined && value !== null) n.setAttribute(name, String(value));
  if (text !== undefined) n.textContent = text;
  return n;
}

const ms = (iso) => Date.parse(iso);
const day = (iso) => iso.slice(0, 10);
const pc = (value) => `${value.toFixed(2)}%`;

/**
 * The dates the axis names: the period boundaries (each start, and the last end), the
 * subscription's renewal dates, thinned so that two labels never run into each other; the
 * first and the latest boundary are kept first.
 */
export function ticks(timeline, x) {
  const boundaries = [...new Set(timeline.periods.flatMap((p) => [p.start, p.end].filter(Boolean)).map(ms))].sort((a, b) => a - b);
  const kept = [];
  const room = (t) => kept.every((k) => Math.abs(x(k) - x(t)) >= tickGap);
  for (const t of [boundaries[0], boundaries[boundaries.length - 1], ...boundaries.slice(1, -1)]) {
    if (t !== undefined && room(t)) kept.push(t);
  }
  return { boundaries, labelled: kept.sort((a, b) => a - b) };
}

/** What a period's colour stands for: its offer, or regular. */
export function periodClass(period) {
  const offer = period.offer;
  if (period.revocationDate) return "revoked";
  if (!offer) return "regular";
  if (offer.type === "promotional") return "offer-promotional";
  if (offer.type === "winBack") return "offer-winback";
  if (offer.type === "code") return "offer-promotional";
  return offer.discountType === "FREE_TRIAL" ? "offer-trial" : "offer-introductory";
}

/** The SVG of `timeline`. */
export function draw(timeline) {
  const dates = [ms(timeline.now)];
  for (const p of timeline.periods) dates.push(ms(p.start), p.end ? ms(p.end) : ms(timeline.now));
  for (const s of timeline.spans) dates.push(ms(s.start), ms(s.end ?? s.until ?? timeline.now));
  for (const e of timeline.events) dates.push(ms(e.date));
  const first = Math.min(...dates);
  const last = Math.max(...dates, first + 86400000);
  const x = (t) => left + ((t - first) / (last - first)) * (right - left);
  const height = 104;
  const svg = node("svg", {
    height, role: "img", "data-timeline": timeline.productId,
    "aria-label": `Timeline of ${timeline.productId}: ${timeline.periods.length} periods, ${timeline.state}`,
  });
  svg.append(node("title", {}, `${timeline.productId}: ${timeline.state}`));
  timeline.periods.forEach((p, index) => {
    const start = x(ms(p.start));
    const end = x(p.end ? ms(p.end) : ms(timeline.now));
    const bar = node("rect", {
      x: pc(start), y: 8, width: pc(Math.max(0.2, end - start - 0.1)), height: 26, rx: 3,
      class: `period ${periodClass(p)}`, "data-period": index, "data-kind": p.kind, "data-transaction": p.transaction.id,
    });
    const offer = p.offer ? ` · ${p.offer.discountType === "FREE_TRIAL" ? "free trial" : p.offer.type}${p.offer.id ? " " + p.offer.id : ""}` : "";
    const price = p.price ? ` · ${p.price} ${p.currency ?? ""}` : "";
    const refund = p.revocationDate ? ` · refunded ${day(p.revocationDate)}` : "";
    bar.append(node("title", {}, `#${p.transaction.id} ${p.kind}: ${p.productId}, ${day(p.start)} → ${p.end ? day(p.end) : "…"}${price}${offer}${refund}`));
    svg.append(bar);
    if (p.kind !== "renewal") svg.append(node("text", { x: pc(start), dx: 2, y: 48 }, p.kind));
  });
  for (const s of timeline.spans) {
    const start = x(ms(s.start));
    const end = x(ms(s.end ?? s.until ?? timeline.now));
    const band = node("rect", {
      x: pc(start), y: s.kind === "gracePeriod" ? 54 : 58, width: pc(Math.max(0.2, end - start)),
      height: s.kind === "gracePeriod" ? 4 : 8, class: `span-${s.kind}`, "data-span": s.kind,
    });
    band.append(node("title", {}, `${s.kind === "gracePeriod" ? "grace period" : "billing retry"}: ${day(s.start)} → ${s.end ? day(s.end) : "until " + (s.until ? day(s.until) : "…")}`));
    svg.append(band);
  }
  for (const e of timeline.events) {
    const tick = node("circle", { cx: pc(x(ms(e.date))), cy: 72, r: 3, class: "event", "data-event": e.notificationType });
    tick.append(node("title", {}, `${day(e.date)} ${e.notificationType}${e.subtype ? " " + e.subtype : ""}`));
    svg.append(tick);
  }
  svg.append(node("line", { x1: pc(left), x2: pc(right), y1: 80, y2: 80, class: "axis" }));
  const { boundaries, labelled } = ticks(timeline, x);
  for (const t of boundaries) svg.append(node("line", { x1: pc(x(t)), x2: pc(x(t)), y1: 76, y2: 84, class: "axis" }));
  for (const t of labelled) {
    const at = x(t);
    const anchor = at < left + tickGap / 2 ? "start" : at > right - tickGap / 2 ? "end" : "middle";
    const date = new Date(t).toISOString();
    svg.append(node("text", { x: pc(at), y: 98, "text-anchor": anchor, "data-tick": date.replace(/\.000Z$/, "Z") }, date.slice(0, 10)));
  }
  const now = x(ms(timeline.now));
  svg.append(node("line", { x1: pc(now), x2: pc(now), y1: 2, y2: 84, class: "now", "data-now": timeline.now }));
  return svg;
}

/** The legend under the timelines. */
export function legend() {
  const list = document.createElement("ul");
  list.className = "legend";
  for (const [kind, label] of [["regular", "regular"], ["trial", "free trial"], ["intro", "introductory"], ["promo", "promotional / win-back"],
    ["retry", "billing retry"], ["grace", "grace period"], ["revoked", "refunded"]]) {
    const item = document.createElement("li");
    item.className = `k-${kind}`;
    item.textContent = label;
    list.append(item);
  }
  return list;
}
