// The page's one way to the store: the control plane's routes and its update stream, under
// the namespace the page was opened in (/ns/NAME/ → /ns/NAME/iap/v1). Nothing else is fetched.

const match = location.pathname.match(/^\/ns\/([A-Za-z0-9_-]{1,64})\//);

/** The namespace the page shows, or null for the state's own store. */
export const namespace = match ? match[1] : null;

/** Where the control plane is, for this namespace. */
export const base = (namespace ? `/ns/${namespace}` : "") + "/iap/v1";

/** A failure the store answered: its message is the store's one-line error. */
export class StoreError extends Error {
  constructor(status, body) {
    super(body?.error?.message ?? `HTTP ${status}`);
    this.status = status;
    this.name = body?.error?.name ?? "http";
  }
}

// The control token, when `iap serve --control-token` set one: given in the page's URL as
// #token=TOKEN (a fragment never reaches a server or a log), or asked for on the first 401;
// kept for this tab's session only, and taken out of the address bar.
const tokenKey = "iap-control-token";
const given = new URLSearchParams(location.hash.slice(1)).get("token");
if (given) {
  sessionStorage.setItem(tokenKey, given);
  history.replaceState(null, "", location.pathname + location.search);
}
let token = sessionStorage.getItem(tokenKey);
let asking = null;
let declined = false;

/** Asks for the token once, however many calls were refused at the same time. */
function askForToken() {
  if (declined) return Promise.resolve(false);
  asking ??= Promise.resolve().then(() => {
    const answer = prompt("This store's control plane needs its token (iap serve --control-token):");
    asking = null;
    if (!answer) { declined = true; return false; }
    token = answer.trim();
    sessionStorage.setItem(tokenKey, token);
    return true;
  });
  return asking;
}

/**
 * Calls one control route; resolves with its JSON answer, rejects with a StoreError.
 * A change is sent as JSON, or without a body with X-IAP-Request: the control plane refuses
 * one that a form on another site could have sent.
 */
export async function call(method, path, body, retried = false) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  } else if (method !== "GET") {
    init.headers["X-IAP-Request"] = "1";
  }
  const sent = token;
  if (sent) init.headers["Authorization"] = `Bearer ${sent}`;
  const response = await fetch(base + path, init);
  const text = await response.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  // A call sent before the token was typed in is sent again with it, without asking twice.
  if (response.status === 401 && !retried && (token !== sent || await askForToken())) return call(method, path, body, true);
  if (!response.ok) throw new StoreError(response.status, json);
  return json;
}

export const get = (path) => call("GET", path);
export const post = (path, body) => call("POST", path, body ?? {});

/**
 * Listens to the update stream (StoreKit's Transaction.updates as Server-Sent Events) and
 * calls `onChange` for each transaction event, `onState` with "open" or "closed". The
 * browser reconnects by itself, sending Last-Event-ID, so no change is missed. Called after
 * a first answer, so that a token the store asked for is known.
 */
export function listen(onChange, onState) {
  // EventSource sends no header of the page's: the token goes in the query (RFC 6750 §2.3).
  const query = token ? `?access_token=${encodeURIComponent(token)}` : "";
  const source = new EventSource(base + "/transactions/updates" + query);
  source.addEventListener("open", () => onState("open"));
  source.addEventListener("error", () => onState(source.readyState === EventSource.CLOSED ? "closed" : "connecting"));
  source.addEventListener("transaction", (event) => onChange(JSON.parse(event.data)));
  return source;
}

/** The payload of a JWS (base64url JSON between the dots), nested signed values decoded too. */
export function decodeJWS(jws) {
  const part = jws.split(".")[1] ?? "";
  const b64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const payload = JSON.parse(new TextDecoder().decode(bytes));
  const expand = (value) => {
    if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (typeof inner === "string" && key.startsWith("signed") && inner.split(".").length === 3) value[key] = decodeJWS(inner);
        else expand(inner);
      }
    }
    return value;
  };
  return expand(payload);
}
