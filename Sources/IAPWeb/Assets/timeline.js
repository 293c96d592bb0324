// A subscription's timeline as SVG, from GET /subscriptions/{id}/timeline: one bar per period
// (coloured by its offer; red when refunded), a band for billing retry and grace, a tick per
// notification, on an axis that ends at the store's clock (a dashed line marks now).
// Hooks for tests: svg[data-timeline=PRODUCT] and [data-period=INDEX] on each bar.

const SVG = "http://www.w3.org/2000/svg";
const width = 1000;
const left = 10;
const right = 990;

function node(tag, attributes = {}, text) {
  const n = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined && value !== null) n.setAttribute(name, String(value));
  if (text !== undefined) n.textContent = text;
  return n;
}

const ms = (iso) => Date.parse(iso);
const day = (iso) => iso.slice(0, 10);

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
  const height = 96;
  const svg = node("svg", {
    viewBox: `0 0 ${width} ${height}`, role: "img", "data-timeline": timeline.productId,
    "aria-label": `Timeline of ${timeline.productId}: ${timeline.periods.length} periods, ${timeline.state}`,
  });
  svg.append(node("title", {}, `${timeline.productId}: ${timeline.state}`));
  timeline.periods.forEach((p, index) => {
    const start = x(ms(p.start));
    const end = x(p.end ? ms(p.end) : ms(timeline.now));
    const bar = node("rect", {
      x: start.toFixed(1), y: 8, width: Math.max(2, end - start - 1).toFixed(1), height: 26, rx: 3,
      class: `period ${periodClass(p)}`, "data-period": index, "data-kind": p.kind, "data-transaction": p.transaction.id,
    });
    const offer = p.offer ? ` · ${p.offer.discountType === "FREE_TRIAL" ? "free trial" : p.offer.type}${p.offer.id ? " " + p.offer.id : ""}` : "";
    const price = p.price ? ` · ${p.price} ${p.currency ?? ""}` : "";
    const refund = p.revocationDate ? ` · refunded ${day(p.revocationDate)}` : "";
    bar.append(node("title", {}, `#${p.transaction.id} ${p.kind}: ${p.productId}, ${day(p.start)} → ${p.end ? day(p.end) : "…"}${price}${offer}${refund}`));
    svg.append(bar);
    if (p.kind !== "renewal") svg.append(node("text", { x: (start + 2).toFixed(1), y: 46 }, p.kind));
  });
  for (const s of timeline.spans) {
    const start = x(ms(s.start));
    const end = x(ms(s.end ?? s.until ?? timeline.now));
    const band = node("rect", {
      x: start.toFixed(1), y: s.kind === "gracePeriod" ? 52 : 56, width: Math.max(2, end - start).toFixed(1),
      height: s.kind === "gracePeriod" ? 4 : 8, class: `span-${s.kind}`, "data-span": s.kind,
    });
    band.append(node("title", {}, `${s.kind === "gracePeriod" ? "grace period" : "billing retry"}: ${day(s.start)} → ${s.end ? day(s.end) : "until " + (s.until ? day(s.until) : "…")}`));
    svg.append(band);
  }
  for (const e of timeline.events) {
    const tick = node("circle", { cx: x(ms(e.date)).toFixed(1), cy: 70, r: 3, class: "event", "data-event": e.notificationType });
    tick.append(node("title", {}, `${day(e.date)} ${e.notificationType}${e.subtype ? " " + e.subtype : ""}`));
    svg.append(tick);
  }
  svg.append(node("line", { x1: left, x2: right, y1: 78, y2: 78, class: "axis" }));
  const labels = 5;
  for (let i = 0; i < labels; i++) {
    const t = first + ((last - first) * i) / (labels - 1);
    const anchor = i === 0 ? "start" : i === labels - 1 ? "end" : "middle";
    svg.append(node("text", { x: x(t).toFixed(1), y: 92, "text-anchor": anchor }, new Date(t).toISOString().slice(0, 10)));
  }
  const now = x(ms(timeline.now));
  svg.append(node("line", { x1: now.toFixed(1), x2: now.toFixed(1), y1: 2, y2: 80, class: "now", "data-now": timeline.now }));
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
