#!/usr/bin/env bash
# check_assets.sh can fail: each break below, made in a scratch copy of the assets, must make it
# exit 1 with a FAIL line naming the check.
# Usage: check_assets_can_fail.sh   (exit 77 without promtool)
set -euo pipefail
command -v promtool >/dev/null || { echo "SKIP: promtool is not installed"; exit 77; }
src=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# A scratch tree with what check_assets.sh reads.
fresh() {
  rm -rf "$tmp/tree"
  mkdir -p "$tmp/tree/installer" "$tmp/tree/tests" "$tmp/tree/docs"
  cp -r "$src/installer/observability" "$tmp/tree/installer/"
  cp -r "$src/tests/observability" "$tmp/tree/tests/"
  cp "$src/docs/observability.md" "$tmp/tree/docs/"
}

# expect_fail WHAT PATTERN: check_assets.sh on the scratch tree exits 1 with a FAIL line matching PATTERN.
expect_fail() {
  local rc=0
  bash "$tmp/tree/tests/observability/check_assets.sh" >"$tmp/out" 2>&1 || rc=$?
  if ((rc == 1)) && grep -q "^FAIL .*$2" "$tmp/out"; then
    echo "ok   fails on $1"
  else
    echo "FAIL did not fail on $1 (exit $rc):"
    sed 's/^/       /' "$tmp/out"
    failures=$((failures + 1))
  fi
}

fresh
bash "$tmp/tree/tests/observability/check_assets.sh" >"$tmp/out" 2>&1 || { cat "$tmp/out"; echo "FAIL the unbroken copy fails"; exit 1; }
echo "ok   the unbroken copy passes"

fresh
sed -i 's/expr: up{job="staccato-drone"} == 0/expr: up{job="staccato-drone" == 0/' "$tmp/tree/installer/observability/alerts.yml"
expect_fail "an alert whose expression does not parse" "promtool check rules"

fresh
sed -i 's/staccato_stream_late_seconds > 0.1$/staccato_stream_late_seconds > 1/' "$tmp/tree/installer/observability/alerts.yml"
expect_fail "SenderBehind's threshold changed (1 s instead of 100 ms)" "the alerts fire"

fresh
sed -i '0,/rate(staccato_port_tx_packets_total/s//rate(staccato_port_tx_frames_total/' "$tmp/tree/installer/observability/grafana-dashboard.json"
expect_fail "a dashboard metric not in the docs' table" "every staccato_ metric"

fresh
sed -i '0,/staccato_stream_late_seconds > 0.1/s//staccato_stream_lateness_seconds > 0.1/' "$tmp/tree/installer/observability/alerts.yml"
expect_fail "an alert metric not in the docs' table" "every staccato_ metric"

# A broken query in a panel of a collapsed row (Grafana keeps those inside the row).
fresh
python3 - "$tmp/tree/installer/observability/grafana-dashboard.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["panels"].append({"type": "row", "title": "Collapsed", "collapsed": True, "id": 999, "panels": [
    {"type": "timeseries", "id": 1000, "title": "Broken", "datasource": {"type": "prometheus", "uid": "${DS_PROMETHEUS}"},
     "targets": [{"refId": "A", "expr": "sum(rate(staccato_drone_leases[$__rate_interval])"}]}]})
json.dump(d, open(sys.argv[1], "w"), indent=2)
PY
expect_fail "a query that does not parse in a collapsed row" "every query"

fresh
sed -i '0,/instance=~\\"\$drone\\"/s//instance=~\\"$node\\"/' "$tmp/tree/installer/observability/grafana-dashboard.json"
expect_fail "a dashboard query with an unknown template variable" "every query"

fresh
sed -i 's/credentials_file:/credential_file:/' "$tmp/tree/installer/observability/prometheus.yml"
expect_fail "a misspelt key in prometheus.yml" "promtool check config"

fresh
printf '[{"targets": ["lab-a.lab.example:9478/metrics"]}]\n' >"$tmp/tree/installer/observability/drones.json"
expect_fail "a target in drones.json that is no host:port" "promtool check config"

if ((failures)); then
  echo "$failures break(s) not caught"
  exit 1
fi
