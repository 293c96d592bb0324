"""What the server tests share: Apple's AppStoreServerAPIClient pointed at `iap serve`, the
SignedDataVerifier that trusts the state's exported root, and a way to print each call's
outcome as one JSON line."""
import json

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier


def connect(url, key_file, key_id, issuer_id, bundle_id, environment, root_file):
    """(client, verifier) for the server at `url`, as a developer's server makes them."""
    env = Environment[environment]
    client = AppStoreServerAPIClient(open(key_file, "rb").read(), key_id, issuer_id, bundle_id, env)
    client._base_url = url
    verifier = SignedDataVerifier([open(root_file, "rb").read()], False, env, bundle_id)
    return client, verifier


def call(name, body):
    """Prints {"call": name, "result": …}: what `body` returned, or the APIException's status and code."""
    try:
        result = body()
    except APIException as e:
        result = {"status": e.http_status_code, "errorCode": e.raw_api_error}
    print(json.dumps({"call": name, "result": result}, sort_keys=True), flush=True)
