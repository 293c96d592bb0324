// The Transaction Manager: loads the store through the control plane, draws it, and redraws
// whenever the update stream reports a change (from this page, another client or the shell)
// or an action of this page completes. The clock and settings, which change without a
// transaction, are read again every few seconds.
import { base, decodeJWS, get, listen, namespace } from "./api.js";
import { wire } from "./actions.js";
import { draw, legend } from "./timeline.js";
import * as views from "./views.js";

const $ = (selector) => document.querySelector(selector);
const { el, button, keyed, reconcile, shortDate } = views;

function toast(message, kind = "info") {
  const box = $("[data-toast]");
  box.textContent = message;
  box.dataset.kind = kind;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, kind === "error" ? 8000 : 3000);
}

/**
 * The retention message a customer who began to cancel was shown (the control plane's
 * `/messages`, as `iap messages --json`), with what it offered and a way to accept it.
 * Hook: [data-retention=ORIGINAL_TRANSACTION_ID] with data-message-identifier and data-source.
 */
function retention(r) {
  if (!r) return null;
  const offered = r.alternateProductId ? `switch to ${r.alternateProductId}`
    : r.promotionalOfferId ? `promotional offer ${r.promotionalOfferId} of ${r.promotionalOfferProductId}` : null;
  return el("p", {
    class: "retention", "data-retention": r.originalTransactionId, "data-message-identifier": r.messageIdentifier,
    "data-source": r.source, "data-accepted": String(r.accepted),
  },
  el("small", {}, `retention message ${r.messageIdentifier} (${r.source === "realtime" ? "real-time answer" : "default message"})`),
  offered ? el("small", { "data-offered": r.alternateProductId ? "alternateProduct" : "promotionalOffer" }, offered) : null,
  offered && !r.accepted ? button("retention-accept", "Accept") : null,
  offered && r.accepted ? el("small", {}, "accepted") : null);
}

function subscriptions(container, answer, timelines, shown) {
  const items = answer.subscriptions.map((s) => {
    const id = s.productId;
    const increase = s.priceIncrease;
    const message = shown.get(s.originalId);
    return keyed(el("article", { class: "subscription", "data-subscription": id },
      el("header", {},
        el("strong", {}, id), el("span", { class: "badge", "data-subscription-state": s.state }, s.state),
        el("span", {}, `auto-renew ${s.autoRenewStatus ? "on" : "off"}`),
        el("small", {}, `${s.state !== "subscribed" ? `${s.state} since` : s.autoRenewStatus ? "renews" : "expires"} ${shortDate(s.expirationDate)}`),
        s.autoRenewProductId !== id ? el("small", {}, `renews as ${s.autoRenewProductId}`) : null,
        increase ? el("small", {}, `price increase to ${increase.price} (${increase.status})`) : null),
      el("div", { class: "sub-actions" },
        s.autoRenewStatus ? button("cancel", "Cancel") : button("resume", "Resume"),
        s.state !== "expired" && s.state !== "revoked" ? button("expire", "Expire", "danger") : null,
        button("renew", "Renew now"),
        el("label", { for: `price-${id}` }, "New price"),
        el("input", { id: `price-${id}`, "data-field": "price", size: 6, placeholder: "5.99" }),
        button("price-increase", "Price increase"),
        increase?.status === "pending" ? [button("price-increase-accept", "Accept"), button("price-increase-decline", "Decline")] : null),
      retention(message),
      timelines.get(id) ? el("div", { class: "timeline-box" }, draw(timelines.get(id))) : null), id, [s, timelines.get(id), message]);
  });
  reconcile(container, items.length ? [...items, keyed(legend(), "legend", "")] : [el("p", { class: "empty" }, "No subscriptions.")]);
}

/**
 * The notifications sent, newest first. Without a notification URL the store posts nothing
 * (it keeps them, and posts them once a URL is set), so they read "not sent", not "pending".
 */
function notifications(list, answer, url) {
  const unsent = url ? "pending" : "not sent (no notification-url)";
  const count = $('[data-count="pending"]');
  count.textContent = url || answer.pending === 0 ? `${answer.pending} pending` : `${answer.pending} not sent (no notification-url)`;
  const items = [...answer.notifications].reverse().map((n) => {
    let payload = "";
    try { payload = JSON.stringify(decodeJWS(n.signedPayload), null, 2); } catch { payload = n.signedPayload; }
    const attempts = n.attempts ?? [];
    const delivery = n.delivered ? "delivered" : url ? "pending" : "not-sent";
    return keyed(el("li", { "data-notification": n.sequence },
      el("span", {}, `#${n.sequence}`), el("strong", {}, n.notificationType), n.subtype ? el("span", {}, n.subtype) : null,
      el("small", {}, shortDate(n.signedDate)), n.transactionId ? el("small", {}, `transaction #${n.transactionId}`) : null,
      el("span", { class: n.delivered ? "state state-purchased" : url ? "state state-deferred" : "state", "data-delivery": delivery },
        n.delivered ? "delivered" : unsent),
      attempts.length ? el("small", {}, `attempts: ${attempts.map((a) => `${shortDate(a.date)} ${a.result}`).join(", ")}`) : null,
      el("details", {}, el("summary", {}, "decoded payload"), el("pre", {}, payload))), String(n.sequence), [n.delivered, attempts, delivery]);
  });
  reconcile(list, items.length ? items : [el("li", { class: "empty" }, "No notifications sent yet.")]);
}

/** The notification URL the store posts to, or "" when none is set (the setting reads "off"). */
const notificationURL = (settings) => {
  const value = settings.settings?.["notification-url"]?.value ?? "off";
  return value === "off" ? "" : value;
};

/** Whether the user is typing or choosing in `container`: it is not redrawn under them. */
function editing(container) {
  const active = document.activeElement;
  return container.contains(active) && (active.tagName === "INPUT" || active.tagName === "SELECT");
}

async function refresh() {
  const [products, all, unfinished, entitlements, subs, notes, family, settings, messages] = await Promise.all([
    get("/products"), get("/transactions"), get("/transactions/unfinished"), get("/entitlements"),
    get("/subscriptions"), get("/notifications"), get("/family"), get("/settings"), get("/messages"),
  ]);
  const shown = new Map((messages.retentionMessages ?? []).map((r) => [r.originalTransactionId, r]));
  const timelines = new Map(await Promise.all(subs.subscriptions.map(async (s) =>
    [s.productId, await get(`/subscriptions/${encodeURIComponent(s.productId)}/timeline`)])));
  if (!refresh.productsDrawn) {
    views.products($("[data-products]"), products.products);
    refresh.productsDrawn = true;
  }
  const open = new Set(unfinished.transactions.map((t) => t.id));
  views.transactions($("[data-transactions]"), $('[data-empty="transactions"]'), all.transactions, open);
  views.simpleList($("[data-queue]"), unfinished.transactions, true, "Nothing to finish.");
  $('[data-count="queue"]').textContent = String(unfinished.transactions.length);
  views.simpleList($("[data-entitlements]"), entitlements.transactions, false, "No entitlements.");
  if (!editing($("[data-subscriptions]"))) subscriptions($("[data-subscriptions]"), subs, timelines, shown);
  refresh.notificationURL = notificationURL(settings);
  notifications($("[data-notifications]"), notes, refresh.notificationURL);
  $("[data-account]").textContent = family.account;
  $("[data-family]").textContent = family.members.length ? family.members.join(", ") : family.memberOf ? `member of ${family.memberOf}` : "none";
  await refreshClock();
}

async function refreshClock() {
  const [clock, settings] = await Promise.all([get("/clock"), get("/settings")]);
  views.clock($("[data-clock-now]"), $("[data-clock-mode]"), clock);
  if (!editing($("[data-settings]"))) views.settings($("[data-settings]"), settings);
  // A notification URL set or cleared elsewhere changes what the notifications read.
  if (refresh.notificationURL !== undefined && notificationURL(settings) !== refresh.notificationURL) scheduleRefresh();
}

/** Redraws at most once per burst of changes (a clock move renews many at once). */
let pending = null;
function scheduleRefresh() {
  if (pending) return;
  pending = setTimeout(() => {
    pending = null;
    refresh().catch(failed);
  }, 100);
}

function failed(error) {
  toast(error.message ?? String(error), "error");
  scheduleRefresh();
}

async function start() {
  $("[data-namespace]").textContent = namespace ?? "default";
  document.title = `iap · ${namespace ?? "default"} · Transaction Manager`;
  $('[data-link="root"]').hidden = !namespace;
  wire((message, kind) => { toast(message, kind); scheduleRefresh(); }, failed);
  // The first answer first: a store with a control token asks for it there, and the stream
  // needs it from the start.
  await refresh().catch(failed);
  const live = $("[data-live]");
  listen(scheduleRefresh, (state) => {
    live.dataset.state = state;
    live.textContent = state === "open" ? "live" : state;
  });
  setInterval(() => refreshClock().catch(() => {}), 3000);
}

document.body.dataset.api = base;
start();
