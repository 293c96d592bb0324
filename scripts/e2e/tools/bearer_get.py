"""GETs an App Store Server API path of `iap serve` with a valid bearer token, from N
threads at once, and prints the answers' statuses as JSON: {"statuses": {"200": n, …},
"bodies": {status: the first body}}.

Usage: bearer_get.py URL PATH KEY_FILE KEY_ID ISSUER_ID BUNDLE_ID [N]
The token is made here (ES256 with the `cryptography` package), as Apple's libraries make
it, so that the check needs no App Store Server Library.
"""
import base64, json, sys, threading, time, urllib.error, urllib.request

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

url, path, key_file, key_id, issuer, bundle = sys.argv[1:7]
count = int(sys.argv[7]) if len(sys.argv) > 7 else 1


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=")


def token():
    key = serialization.load_pem_private_key(open(key_file, "rb").read(), None)
    header = {"alg": "ES256", "kid": key_id, "typ": "JWT"}
    now = int(time.time())
    claims = {"iss": issuer, "iat": now, "exp": now + 300, "aud": "appstoreconnect-v1", "bid": bundle}
    signing = b64(json.dumps(header).encode()) + b"." + b64(json.dumps(claims).encode())
    r, s = decode_dss_signature(key.sign(signing, ec.ECDSA(hashes.SHA256())))
    return (signing + b"." + b64(r.to_bytes(32, "big") + s.to_bytes(32, "big"))).decode()


bearer = token()
statuses, bodies, lock = {}, {}, threading.Lock()


def get():
    request = urllib.request.Request(url + path, headers={"Authorization": "Bearer " + bearer})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, body = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read()
    except OSError as error:
        status, body = "error", str(error).encode()
    with lock:
        statuses[str(status)] = statuses.get(str(status), 0) + 1
        bodies.setdefault(str(status), body.decode("utf-8", "replace"))


threads = [threading.Thread(target=get) for _ in range(count)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(json.dumps({"statuses": statuses, "bodies": bodies}))
