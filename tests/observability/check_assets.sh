#!/usr/bin/env bash
# The monitoring assets of installer/observability/ hold together: the alerting rules parse and
# fire as tests/observability/alerts_test.yml expects, every query of the Grafana dashboard
# parses as PromQL, every metric name they use is in docs/observability.md's table, and the
# example Prometheus configuration loads (with its rule file, token, CA and file_sd list).
# Needs promtool (Debian package prometheus) and python3.
# Usage: check_assets.sh   (from anywhere; exit 1 on a failure, 77 without promtool)
set -euo pipefail
command -v promtool >/dev/null || { echo "SKIP: promtool is not installed"; exit 77; }
cd "$(dirname "$0")/../.."
assets=installer/observability
table=docs/observability.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# check WHAT COMMAND...: runs COMMAND, prints "ok   WHAT" or "FAIL WHAT" with its output.
check() {
  local what=$1
  shift
  if "$@" >"$tmp/out" 2>&1; then
    echo "ok   $what"
  else
    echo "FAIL $what:"
    sed 's/^/       /' "$tmp/out"
    failures=$((failures + 1))
  fi
}

check "promtool check rules $assets/alerts.yml" promtool check rules "$assets/alerts.yml"

# promtool compares annotations whole: the unit tests check labels and timing on a copy of the
# rules without them (check rules above has parsed the annotations' templates).
mkdir "$tmp/rules-test"
awk '/^ +annotations:$/ {skip = match($0, /[^ ]/); next}
     skip && (/^ *$/ || match($0, /[^ ]/) > skip) {next}
     {skip = 0; print}' "$assets/alerts.yml" >"$tmp/rules-test/alerts.yml"
sed 's#\.\./\.\./installer/observability/alerts\.yml#alerts.yml#' tests/observability/alerts_test.yml >"$tmp/rules-test/alerts_test.yml"
check "the alerts fire as tests/observability/alerts_test.yml expects" promtool test rules "$tmp/rules-test/alerts_test.yml"

dashboard_rules() {
  python3 tests/observability/assets.py queries "$assets/grafana-dashboard.json" >"$tmp/dashboard-rules.yml" &&
    promtool check rules "$tmp/dashboard-rules.yml"
}
check "every query of $assets/grafana-dashboard.json parses (as recording rules)" dashboard_rules

check "every staccato_ metric of the dashboard and the alerts is in $table" \
  python3 tests/observability/assets.py names "$table" "$assets/grafana-dashboard.json" "$assets/alerts.yml"

# The example config names files under /etc/prometheus/staccato/: a copy points at files made
# here (promtool wants the rule file, the token file and the file_sd list to exist).
prometheus_config() {
  sed "s#/etc/prometheus/staccato/#$tmp/prom/#g" "$assets/prometheus.yml" >"$tmp/prom/prometheus.yml"
  ! grep -n '/etc/' "$tmp/prom/prometheus.yml" | grep -v '^ *[0-9]*: *#' || { echo "paths left outside the copy"; return 1; }
  cp "$assets/alerts.yml" "$assets/drones.json" "$tmp/prom/"
  printf 'example-metrics-token-0123456789abcdef\n' >"$tmp/prom/metrics-token"
  printf -- '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n' >"$tmp/prom/ca.pem"
  promtool check config "$tmp/prom/prometheus.yml"
}
mkdir "$tmp/prom"
check "promtool check config $assets/prometheus.yml (with $assets/drones.json)" prometheus_config

if ((failures)); then
  echo "$failures check(s) failed"
  exit 1
fi
