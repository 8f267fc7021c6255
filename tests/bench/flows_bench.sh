#!/usr/bin/env bash
# Stateful flows side by side (docs/flows.md#performance), on one wire and the same cores: the
# client side in namespace A (core 0), the server side in namespace B (core 1), a veth pair
# between them (va in A, vb in B). Prints, in one run:
#   new connections/s (HTTP/1.1, Connection: close, 1 KiB):  Staccato's client vs wrk and h2load, into nginx
#   keep-alive requests/s (1 KiB):                             Staccato's client vs wrk, into nginx
#   requests/s wrk drives (keep-alive, 1 KiB):                 into Staccato's server vs into nginx
#   HTTPS new connections/s (TLS 1.3, Connection: close, 1 KiB), into nginx: Staccato's client
#     resuming sessions vs wrk and h2load (which resume theirs: a capture shows a pre-shared key in
#     all but their first ClientHellos), and Staccato's with a full handshake each (no peer does)
# Each figure is the median of RUNS runs of SECONDS each; the ratios are Staccato's over the peer's.
# Needs root, wrk, h2load (nghttp2-client) and nginx (nginx-light). Nothing leaves the two
# namespaces; they, the drones and nginx are removed on exit.
#   BUILD=build/dev tests/bench/flows_bench.sh [SECONDS] [RUNS]
set -euo pipefail
BUILD=${BUILD:?set BUILD to the build directory (e.g. build/dev)}
SECONDS_EACH=${1:-5}
RUNS=${2:-3}
CONNS=${CONNS:-64}  # concurrent connections for every client
DRONE=$BUILD/drone/staccato-drone
CLI=$BUILD/client/cli/staccato-cli
NS_A=stc-fbench-a-$$ NS_B=stc-fbench-b-$$
TMP=$(mktemp -d /tmp/stc-fbench.XXXXXX)
PIDS=()
die() { echo "$(basename "$0"): $*" >&2; exit 1; }
note() { echo "$*" >&2; }
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  ip netns del "$NS_A" 2>/dev/null || true
  ip netns del "$NS_B" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
[[ $EUID -eq 0 ]] || die "needs root (network namespaces)"
for tool in wrk h2load nginx; do command -v $tool >/dev/null || die "needs $tool (apt-get install wrk nghttp2-client nginx-light)"; done
[[ -x $DRONE && -x $CLI ]] || die "no drone or CLI in $BUILD"
A() { ip netns exec "$NS_A" "$@"; }
B() { ip netns exec "$NS_B" "$@"; }

ip netns add "$NS_A"; ip netns add "$NS_B"
for ns in "$NS_A" "$NS_B"; do
  ip netns exec "$ns" ip link set lo up
  ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 \
    net.ipv4.ip_local_port_range="1024 65535" net.ipv4.tcp_tw_reuse=1 net.core.somaxconn=65535
done
A ip link add va type veth peer name vb netns "$NS_B"
A ip link set va up; B ip link set vb up
A ip addr add 10.9.0.250/24 dev va   # wrk's and h2load's own address
B ip addr add 10.9.0.1/24 dev vb     # nginx's

# nginx on core 1: one worker, a 1 KiB file, no logs.
mkdir -p "$TMP/www" "$TMP/nginx"
chmod 755 "$TMP" "$TMP/www"  # nginx's worker is not root
head -c 1024 /dev/zero | tr '\0' 'a' >"$TMP/www/1k"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj /CN=10.9.0.1 \
  -keyout "$TMP/tls.key" -out "$TMP/tls.crt" 2>/dev/null
cat >"$TMP/nginx.conf" <<CONF
daemon off; worker_processes 1; worker_cpu_affinity 10; pid $TMP/nginx/pid; error_log $TMP/nginx/error.log;
events { worker_connections 65535; }
http { access_log off; keepalive_requests 100000000; keepalive_timeout 60s;
  client_body_temp_path $TMP/nginx; proxy_temp_path $TMP/nginx; fastcgi_temp_path $TMP/nginx;
  uwsgi_temp_path $TMP/nginx; scgi_temp_path $TMP/nginx;
  server { listen 10.9.0.1:80 reuseport backlog=65535; root $TMP/www; }
  server { listen 10.9.0.1:443 ssl reuseport backlog=65535; root $TMP/www; ssl_protocols TLSv1.3;
    ssl_certificate $TMP/tls.crt; ssl_certificate_key $TMP/tls.key; ssl_session_tickets on; } }
CONF
ip netns exec "$NS_B" nginx -c "$TMP/nginx.conf" -p "$TMP/nginx" >"$TMP/nginx.out" 2>&1 &
PIDS+=($!)

# Drones: A's on core 0 (the client side), B's on core 1 (the server side).
ip netns exec "$NS_A" taskset -c 0 "$DRONE" --listen "unix:$TMP/a.sock" >"$TMP/a.log" 2>&1 &
PIDS+=($!)
ip netns exec "$NS_B" taskset -c 1 "$DRONE" --listen "unix:$TMP/b.sock" >"$TMP/b.log" 2>&1 &
PIDS+=($!)
for s in a b; do
  for _ in $(seq 100); do "$CLI" --drone "unix:$TMP/$s.sock" ports >/dev/null 2>&1 && break; sleep 0.1; done
done
sleep 1

# profile NAME TEMPLATE: clients 10.9.0.10.. (10 hosts), servers 10.9.0.1 (nginx) or .2 (ours).
profile() {
  cat >"$TMP/$1.json" <<JSON
{"format_version": 1, "name": "$1", "templates": [$2],
 "load": {"concurrent": $CONNS, "steady_seconds": $SECONDS_EACH, "connect_timeout_seconds": 5},
 "clients": {"first_address": "10.9.0.10", "count": 10}, "servers": {"first_address": "${3:-10.9.0.1}"}}
JSON
}
profile close '{"name": "close", "port": 80, "http": {"path": "/1k", "response_body_bytes": 1024}}'
profile keep '{"name": "keep", "port": 80, "http": {"path": "/1k", "response_body_bytes": 1024, "keep_alive": true, "transactions": 1000000}}'
profile tls '{"name": "tls", "port": 443, "tls": {"http": {"path": "/1k", "response_body_bytes": 1024}}}'
profile resumed '{"name": "resumed", "port": 443, "tls": {"resume": true, "http": {"path": "/1k", "response_body_bytes": 1024}}}'
profile served '{"name": "served", "port": 80, "http": {"path": "/1k", "response_body_bytes": 1024, "keep_alive": true, "transactions": 1000000}}' 10.9.0.2

# staccato_client PROFILE: transactions/s over the steady phase (flows run's JSON: the clients
# alone on drone A, into nginx); any failure ends the benchmark.
staccato_client() {
  local out=$TMP/run.json
  "$CLI" --drone "unix:$TMP/a.sock" flows run "$TMP/$1.json" --client va --json >"$out" 2>"$TMP/run.err" ||
    { cat "$TMP/run.err" >&2; die "flows run $1 failed"; }
  python3 - "$out" "$SECONDS_EACH" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); seconds = float(sys.argv[2])
steady = [p for t in d["client"]["templates"] for p in t["phases"] if p["phase"] == "steady"]
failed = sum(int(p.get(k, 0)) for p in steady for k in p if k.startswith("failed"))
if failed: sys.exit(f"{failed} failures")
print(f"{sum(int(p.get('transactions', 0)) for p in steady) / seconds:.0f}")
PY
}
# staccato_server: wrk's requests/s into Staccato's server (drone B, 10.9.0.2), which answers for
# the profile's phases (a second more than wrk runs).
staccato_server() {
  sed "s/\"steady_seconds\": $SECONDS_EACH/\"steady_seconds\": $((SECONDS_EACH + 2))/" "$TMP/served.json" >"$TMP/served-long.json"
  "$CLI" --drone "unix:$TMP/b.sock" flows run "$TMP/served-long.json" --server vb >"$TMP/served.out" 2>&1 &
  local run=$!
  for _ in $(seq 50); do A ping -c1 -W1 10.9.0.2 >/dev/null 2>&1 && break; sleep 0.1; done
  wrk_rate "http://10.9.0.2/1k"
  wait "$run" || { cat "$TMP/served.out" >&2; die "the server run failed"; }
}
wrk_rate() { A taskset -c 0 wrk -t1 -c"$CONNS" -d"${SECONDS_EACH}s" "$@" | awk '/Requests\/sec/ {printf "%.0f\n", $2}'; }
h2load_close() {  # h2load reconnects when the server closes (one request a connection); -D hangs then, so a count
  A taskset -c 0 h2load --h1 -t1 -c"$CONNS" -n $((SECONDS_EACH * ${2:-15000})) -H 'Connection: close' "$1" 2>/dev/null |
    awk '/^finished in/ {gsub(",", "", $4); printf "%.0f\n", $4}'
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() {  # measure COMMAND...: the median over RUNS
  local i; for ((i = 0; i < RUNS; i++)); do "$@"; done | median
}

note "each figure: the median of $RUNS runs of $SECONDS_EACH s, $CONNS connections, clients on core 0, servers on core 1"
close_ours=$(measure staccato_client close)
close_wrk=$(measure wrk_rate -H 'Connection: close' http://10.9.0.1/1k)
close_h2=$(measure h2load_close http://10.9.0.1/1k)
keep_ours=$(measure staccato_client keep)
keep_wrk=$(measure wrk_rate http://10.9.0.1/1k)
serve_ours=$(measure staccato_server)
serve_nginx=$(measure wrk_rate http://10.9.0.1/1k)
tls_ours=$(measure staccato_client tls)
tls_wrk=$(measure wrk_rate -H 'Connection: close' https://10.9.0.1/1k)
tls_h2=$(measure h2load_close https://10.9.0.1/1k 2000)
resumed_ours=$(measure staccato_client resumed)
best_close=$((close_wrk > close_h2 ? close_wrk : close_h2))
best_tls=$((tls_wrk > tls_h2 ? tls_wrk : tls_h2))
ratio() { python3 -c "print(f'{$1 / $2:.2f}x')"; }
printf '%-52s %12s %12s %8s %s\n' "measure (HTTP/1.1, 1 KiB)" "Staccato" "peer" "ratio" "goal"
printf '%-52s %12s %12s %8s %s\n' "new connections/s (Connection: close) vs wrk" "$close_ours" "$close_wrk" "$(ratio "$close_ours" "$close_wrk")" ""
printf '%-52s %12s %12s %8s %s\n' "new connections/s (Connection: close) vs h2load" "$close_ours" "$close_h2" "$(ratio "$close_ours" "$close_h2")" ""
printf '%-52s %12s %12s %8s %s\n' "new connections/s vs the better of the two" "$close_ours" "$best_close" "$(ratio "$close_ours" "$best_close")" ">= 1.0x"
printf '%-52s %12s %12s %8s %s\n' "keep-alive requests/s vs wrk" "$keep_ours" "$keep_wrk" "$(ratio "$keep_ours" "$keep_wrk")" ">= 0.8x"
printf '%-52s %12s %12s %8s %s\n' "wrk's requests/s: Staccato's server vs nginx" "$serve_ours" "$serve_nginx" "$(ratio "$serve_ours" "$serve_nginx")" ">= 0.8x"
printf '%-52s %12s %12s %8s %s\n' "HTTPS conn/s (TLS 1.3, resumed, close) vs wrk" "$resumed_ours" "$tls_wrk" "$(ratio "$resumed_ours" "$tls_wrk")" ""
printf '%-52s %12s %12s %8s %s\n' "HTTPS conn/s (resumed) vs h2load" "$resumed_ours" "$tls_h2" "$(ratio "$resumed_ours" "$tls_h2")" ""
printf '%-52s %12s %12s %8s %s\n' "HTTPS conn/s (resumed) vs the better of the two" "$resumed_ours" "$best_tls" "$(ratio "$resumed_ours" "$best_tls")" ""
printf '%-52s %12s %12s %8s %s\n' "HTTPS conn/s, full handshakes vs resumed (ours)" "$tls_ours" "$resumed_ours" "$(ratio "$tls_ours" "$resumed_ours")" ""
