#!/usr/bin/env bash
# End-to-end tests of the control plane: `iap serve`'s /iap/v1 routes driven over
# HTTP alone by a Python script (standard library only), in two namespaces at once, with the
# update stream and the CLI beside it; the OpenAPI document checked by a validator (Apple's
# client reading a namespace is in Tests/AppleLibraryTests).
source "$(dirname "$0")/lib.sh"
TOOLS="$ROOT/scripts/e2e/tools"

scenario "the control plane over HTTP: two namespaces at once, every route, the update stream, the CLI beside it"
status=0 out="" err=""
start_server
tally < <(python3 "$TOOLS/control_test.py" "$url" "$IAP_BIN" 2>&1)
[ -d .iap/namespaces/suite-b ] && ok || not_ok "namespace suite-b has no folder under the state"
[ ! -d .iap/namespaces/suite-a ] && ok || not_ok "the deleted namespace suite-a still has a folder"

scenario "the OpenAPI document is valid OpenAPI 3.1"
start_server
curl_json() { python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())' "$1"; }
curl_json "$url/iap/v1/openapi.json" >openapi.json
VALIDATOR=$(openapi_python)
if [ -n "$VALIDATOR" ]; then
  run_out=$("$VALIDATOR" -c 'import json, sys
from openapi_spec_validator import validate
validate(json.load(open("openapi.json")))
print("valid")' 2>&1)
  [ "$run_out" = valid ] && ok || not_ok "openapi-spec-validator: $(printf '%s' "$run_out" | tail -n 3)"
else
  missing_tool "openapi-spec-validator is not installed and could not be (pip install openapi-spec-validator)"
fi
out=$(cat openapi.json)
expect_json 'sorted(set(m for p in d["paths"].values() for m in p))' "['delete', 'get', 'patch', 'post', 'put']"
expect_json 'len(set(o["operationId"] for p in d["paths"].values() for o in p.values())) == sum(len(p) for p in d["paths"].values())' True

kill "$server" 2>/dev/null
finish
