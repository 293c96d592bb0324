// Promotional offers from the page: the store accepts an offer only with a signature (as the
// App Store does), so the page signs one as a developer's server would, as StoreKit 2's
// version 2 offer (a compact JWS, ES256) with a key it makes in the store (POST /keys) and
// keeps for the browser session. WebCrypto signs only in a secure context: 127.0.0.1 and
// localhost are; an address on the network is not, and the page says so.
import { get, namespace, post } from "./api.js";

const kept = `iap-offer-key:${namespace ?? ""}`;

const b64url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const text = (value) => b64url(new TextEncoder().encode(JSON.stringify(value)));

function pkcs8(pem) {
  const body = pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
  return Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
}

/** The page's signing key: the one kept for this session if the store still has it, else a new one. */
async function signingKey() {
  let saved = JSON.parse(sessionStorage.getItem(kept) ?? "null");
  if (saved && !(await get("/keys")).keys.some((k) => k.keyId === saved.keyId)) saved = null;
  if (!saved) {
    const made = await post("/keys");
    saved = { keyId: made.keyId, privateKey: made.privateKey };
    sessionStorage.setItem(kept, JSON.stringify(saved));
  }
  const key = await crypto.subtle.importKey("pkcs8", pkcs8(saved.privateKey), { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
  return { keyId: saved.keyId, key };
}

/** A signed offer (POST /purchases' `offerJWS`) for `offerId` of `productId`, made now. */
export async function signOffer(productId, offerId) {
  if (!globalThis.crypto?.subtle) {
    throw new Error("signing an offer needs a secure context: open the page at http://127.0.0.1 or http://localhost");
  }
  const { keyId, key } = await signingKey();
  const { bundleId } = await get("/app-transaction");
  const header = { alg: "ES256", kid: keyId, typ: "JWT" };
  const claims = {
    bid: bundleId, aud: "promotional-offer", productId, offerIdentifier: offerId,
    iat: Math.floor(Date.now() / 1000), nonce: crypto.randomUUID(),
  };
  const input = `${text(header)}.${text(claims)}`;
  const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, new TextEncoder().encode(input));
  return `${input}.${b64url(new Uint8Array(signature))}`;
}
