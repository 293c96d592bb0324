// What each button and form does: one control route each. Buttons are found by their
// data-action (a stable hook for tests too), so rows redrawn after a change need no wiring.
import { call, post } from "./api.js";
import { signOffer } from "./offers.js";

const enc = encodeURIComponent;
/** The transaction a button acts on: its row's (or list item's) id. */
const transaction = (b) => {
  const holder = b.closest("[data-transaction-id], [data-transaction]");
  return enc(holder.dataset.transactionId ?? holder.dataset.transaction);
};
/** The subscription a button acts on: the product id of its card. */
const subscription = (b) => enc(b.closest("[data-subscription]").dataset.subscription);

/** data-action → the request it makes, from the button (and the row or card it sits in). */
const buttons = {
  buy: async (b) => {
    const card = b.closest("[data-product-id]");
    const body = { productId: card.dataset.productId };
    const quantity = card.querySelector('[data-field="quantity"]');
    if (quantity) body.quantity = Number(quantity.value);
    const offer = card.querySelector('[data-field="offer"]');
    if (offer && offer.value) body.offerJWS = await signOffer(body.productId, offer.value);
    return post("/purchases", body);
  },
  finish: (b) => post(`/transactions/${transaction(b)}/finish`),
  "finish-all": () => post("/transactions/unfinished/finish"),
  approve: (b) => post(`/transactions/${transaction(b)}/approve`),
  decline: (b) => post(`/transactions/${transaction(b)}/decline`),
  resolve: (b) => post(`/transactions/${transaction(b)}/resolve`),
  refund: (b) => {
    const reason = b.closest("tr")?.querySelector('[data-field="reason"]')?.value ?? "other";
    return post(`/transactions/${transaction(b)}/refund`, { reason });
  },
  delete: (b) => call("DELETE", `/transactions/${transaction(b)}`),
  cancel: (b) => post(`/subscriptions/${subscription(b)}/cancel`),
  resume: (b) => post(`/subscriptions/${subscription(b)}/resume`),
  expire: (b) => post(`/subscriptions/${subscription(b)}/expire`),
  renew: (b) => post(`/subscriptions/${subscription(b)}/renew`),
  "price-increase": (b) => {
    const price = b.closest("[data-subscription]")?.querySelector('[data-field="price"]')?.value ?? "";
    return post(`/subscriptions/${subscription(b)}/price-increase`, { price });
  },
  "price-increase-accept": (b) => post(`/subscriptions/${subscription(b)}/price-increase/accept`),
  "price-increase-decline": (b) => post(`/subscriptions/${subscription(b)}/price-increase/decline`),
  "retention-accept": (b) => post(`/messages/retention/${enc(b.closest("[data-retention]").dataset.retention)}/accept`),
  "clock-real": () => post("/clock", { real: true }),
};

/** data-form → the request a form makes from its fields. */
const forms = {
  "clock-advance": (f) => post("/clock/advance", { by: f.elements.by.value.trim() }),
  "clock-set": (f) => post("/clock/set", { date: f.elements.date.value.trim() }),
  "family-add": (f) => post("/family/members", { member: f.elements.member.value.trim() }),
};

/**
 * Wires the page: clicks on [data-action], submits of [data-form], changes of [data-setting].
 * `done(message)` redraws the page and says what happened; `failed(error)` shows the error.
 */
export function wire(done, failed) {
  document.addEventListener("click", async (event) => {
    const b = event.target.closest("button[data-action]");
    if (!b || b.type === "submit" || !(b.dataset.action in buttons)) return;
    b.disabled = true;
    try {
      const answer = await buttons[b.dataset.action](b);
      const failure = answer?.transactions?.find((t) => t.error)?.error;
      done(failure ? `purchase failed: ${failure.message}` : `${b.dataset.action}: done`, failure ? "error" : "info");
    } catch (error) {
      failed(error);
    } finally {
      b.disabled = false;
    }
  });
  document.addEventListener("submit", async (event) => {
    const form = event.target.closest("form[data-form]");
    if (!form) return;
    event.preventDefault();
    if (form.dataset.form === "namespace") {
      location.assign(`/ns/${enc(form.elements.name.value.trim())}/`);
      return;
    }
    try {
      await forms[form.dataset.form](form);
      done(`${form.dataset.form}: done`, "info");
    } catch (error) {
      failed(error);
    }
  });
  document.addEventListener("change", async (event) => {
    const input = event.target.closest("[data-setting]");
    if (!input) return;
    const value = input.type === "checkbox" ? input.checked : input.value.trim();
    try {
      await call("PATCH", "/settings", { [input.dataset.setting]: value === "" ? null : value });
      done(`${input.dataset.setting}: ${value === "" ? "default" : value}`, "info");
    } catch (error) {
      failed(error);
    }
  });
}
