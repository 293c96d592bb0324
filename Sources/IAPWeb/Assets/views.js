// Draws the store's answers into the page. Every element is built with the DOM (never from
// HTML strings), so a product's title or a notification's payload is shown, not run.
// Stable hooks for tests: data-product-id, data-transaction-id, data-action.

/** An element with attributes (`class`, `data-*`, `aria-*`, …) and children. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * A button that does `action` to what it sits in: the click handler in actions.js finds the
 * row, card or subscription around it (so data-product-id and data-transaction-id mark
 * exactly one element each: the product, the transaction's row).
 */
export function button(action, label, kind = "secondary", name = undefined) {
  return el("button", { type: "button", "data-action": action, class: kind, "aria-label": name }, label);
}

/**
 * Puts `nodes` in `parent`, keeping each present child whose `data-key` and `data-signature`
 * are unchanged: a redraw after a change replaces only what changed, so a row being clicked,
 * a chosen refund reason or an opened payload stays as it is.
 */
export function reconcile(parent, nodes) {
  const present = new Map([...parent.children].filter((c) => c.dataset.key).map((c) => [c.dataset.key, c]));
  const next = nodes.map((node) => {
    const old = node.dataset.key ? present.get(node.dataset.key) : null;
    return old && old.dataset.signature === node.dataset.signature ? old : node;
  });
  let cursor = parent.firstChild;
  for (const node of next) {
    if (node === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(node, cursor);
  }
  while (cursor) {
    const following = cursor.nextSibling;
    cursor.remove();
    cursor = following;
  }
}

/** Marks `node` for `reconcile`: what it shows (`value`) under a stable key. */
export function keyed(node, key, value) {
  node.dataset.key = key;
  node.dataset.signature = JSON.stringify(value);
  return node;
}

/** 2026-01-15T10:00:00Z as 2026-01-15 10:00 (UTC, as the store's clock is). */
export const shortDate = (iso) => (iso ? iso.replace("T", " ").replace(/:\d\dZ$/, "") : "");

export function products(list, products) {
  list.replaceChildren(...products.map((p) => {
    const id = `qty-${p.id}`;
    const offers = p.promotionalOffers ?? [];
    // A product the catalog does not clear for sale cannot be bought (StoreKit lists it as an
    // invalid identifier), so its Buy button is off and the card says why; a purchase through
    // the control plane still fails as StoreKit's would.
    const unavailable = p.clearedForSale === false;
    const buy = button("buy", "Buy", "primary", unavailable ? `${p.title} is not for sale` : `Buy ${p.title}`);
    if (unavailable) {
      buy.disabled = true;
      buy.setAttribute("aria-describedby", `why-${p.id}`);
    }
    return el("li", { "data-product-id": p.id, "data-cleared-for-sale": String(!unavailable) },
      el("span", { class: "title" }, p.title, " ", el("span", { class: "badge" }, p.displayPrice)),
      el("span", { class: "meta" }, p.id),
      el("span", { class: "meta" }, [p.type, p.subscriptionPeriod, p.subscriptionGroup && `group ${p.subscriptionGroup}`,
        p.introductoryOffer && `intro: ${p.introductoryOffer.paymentMode} ${p.introductoryOffer.period}`].filter(Boolean).join(" · ")),
      unavailable ? el("span", { class: "unavailable", id: `why-${p.id}`, "data-unavailable": "not-cleared-for-sale" },
        "Not for sale: the catalog does not clear it for sale, so StoreKit does not sell it (a purchase fails: storeProductNotAvailable).") : null,
      el("div", { class: "buy" },
        p.type === "consumable" ? [el("label", { for: id }, "Qty"),
          el("input", { id, type: "number", min: 1, max: 10, value: 1, size: 3, "data-field": "quantity" })] : null,
        offers.length ? [el("label", { for: `offer-${p.id}` }, "Offer"),
          el("select", { id: `offer-${p.id}`, "data-field": "offer" }, el("option", { value: "" }, "none"),
            offers.map((o) => el("option", { value: o.id }, `${o.id} (${o.displayPrice})`)))] : null,
        buy));
  }));
}

/** The offer of a transaction in a word or two: free trial, introductory, promotional ID. */
export function offerText(offer) {
  if (!offer) return "";
  if (offer.type === "promotional") return `promotional ${offer.id ?? ""}`.trim();
  return offer.discountType === "FREE_TRIAL" ? "free trial" : `introductory ${offer.discountType ?? ""}`.trim();
}

export function transactions(table, empty, transactions, unfinished) {
  const rows = [...transactions].reverse().map((t) => {
    const id = t.id;
    const actions = [];
    if (unfinished.has(id)) actions.push(button("finish", "Finish", "primary", `Finish #${id}`));
    if (t.state === "deferred") actions.push(button("approve", "Approve", "secondary", `Approve #${id}`), button("decline", "Decline", "secondary", `Decline #${id}`));
    if (t.state === "failed" && t.error?.name === "paymentCancelled" && unfinished.has(id)) actions.push(button("resolve", "Resolve", "secondary", `Resolve #${id}`));
    if (t.state === "purchased" && !t.revocationDate) {
      actions.push(el("select", { "aria-label": `Refund reason for #${id}`, "data-field": "reason" },
        el("option", { value: "other" }, "other"), el("option", { value: "developerIssue" }, "developer issue")));
      actions.push(button("refund", "Refund", "danger", `Refund #${id}`));
    }
    actions.push(button("delete", "Delete", "danger", `Delete #${id}`));
    const revocation = t.revocationDate ? `${shortDate(t.revocationDate)} (${t.revocationReason ?? "revoked"})` : "";
    // Each cell names its column (data-label), which the phone layout shows beside the value
    // when the rows become cards; data-cell is the hook tests read.
    const cell = (name, label, attributes, ...content) => el("td", { ...attributes, "data-cell": name, "data-label": label }, ...content);
    return keyed(el("tr", { "data-transaction-id": id, "data-state": t.state },
      cell("id", "Transaction", {}, `#${id}`, t.originalId !== id ? el("small", {}, ` of #${t.originalId}`) : null),
      cell("product", "Product", {}, t.productId, t.quantity > 1 ? ` ×${t.quantity}` : ""),
      cell("state", "State", { class: `state state-${t.state}` }, t.state,
        t.revocationDate ? el("span", { class: "revoked" }, " · refunded") : null,
        unfinished.has(id) ? el("small", {}, " unfinished") : null,
        t.error ? el("small", {}, ` ${t.error.name}`) : null),
      cell("purchased", "Purchased", {}, shortDate(t.purchaseDate)),
      cell("expires", "Expires", { class: t.expirationDate ? null : "blank" }, shortDate(t.expirationDate)),
      cell("offer", "Offer", { class: t.offer ? null : "blank" }, offerText(t.offer)),
      cell("revocation", "Revocation", { class: t.revocationDate ? "revoked" : "revoked blank" }, revocation),
      cell("actions", "Actions", { class: "actions" }, actions)), id, [t, unfinished.has(id)]);
  });
  reconcile(table.tBodies[0], rows);
  empty.hidden = rows.length > 0;
}

export function simpleList(list, transactions, withFinish, emptyText) {
  const items = transactions.map((t) => keyed(el("li", { "data-transaction": t.id },
    el("span", {}, `#${t.id}`), el("span", {}, t.productId), el("span", { class: `state state-${t.state}` }, t.state),
    t.expirationDate ? el("small", {}, `until ${shortDate(t.expirationDate)}`) : null,
    withFinish ? button("finish", "Finish", "secondary", `Finish #${t.id}`) : null), t.id, t));
  reconcile(list, items.length ? items : [el("li", { class: "empty" }, emptyText)]);
}

export function clock(now, mode, answer) {
  now.textContent = shortDate(answer.now) + " UTC";
  now.dataset.now = answer.now;
  mode.textContent = answer.mode;
}

/** The settings a test flips most, as toggles and fields; each change is one PATCH. */
export const shownSettings = [
  ["ask-to-buy", "toggle", "Ask to Buy"], ["interrupted-purchases", "toggle", "Interrupted purchases"],
  ["billing-retry", "toggle", "Billing retry"], ["grace-period", "toggle", "Grace period"],
  ["can-make-payments", "toggle", "Can make payments"], ["fail-purchase", "text", "Simulated purchase error"],
  ["fail-load-products", "text", "Simulated products error"], ["fail-restore", "text", "Simulated restore error"],
  ["time-rate", "text", "Time rate"], ["environment", "text", "Environment"],
];

export function settings(container, answer) {
  const byKey = new Map(Object.entries(answer.settings ?? {}));
  container.replaceChildren(...shownSettings.filter(([key]) => byKey.has(key)).map(([key, kind, label]) => {
    const s = byKey.get(key);
    const id = `setting-${key}`;
    if (kind === "toggle") {
      return el("label", { for: id }, el("input", { id, type: "checkbox", role: "switch", "data-setting": key, checked: s.value === "on" }), label);
    }
    return el("div", { class: "value" }, el("label", { for: id }, label),
      el("input", { id, value: s.value, "data-setting": key, size: 10, "aria-describedby": `${id}-source` }),
      el("small", { id: `${id}-source` }, s.source));
  }));
}
