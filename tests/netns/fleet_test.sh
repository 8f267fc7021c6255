#!/usr/bin/env bash
# A fleet of three drones, one per network namespace, named by one fleet file (issue 26): drone a
# sends over veth pairs to drones b and c. `fleet status` lists all three; a session naming the
# drones @a, @b, @c (ports by the fleet's aliases) runs with a scheduled start and --check, and the
# CLI's JSON, then Python's staccato.Fleet, give one row per stream with both sides: sent on a,
# received on b or c. Everything is deleted on exit, even on failure.
# Needs root (skips with 77 without it). Env: DRONE, CLI, PYTHON (a Python with the staccato package).
set -euo pipefail
DRONE=${DRONE:?set DRONE to the staccato-drone binary}
CLI=${CLI:?set CLI to the staccato-cli binary}
if [[ $EUID -ne 0 ]]; then echo "SKIP: network namespaces need root"; exit 77; fi
TAG="stc-fleet-$$-$RANDOM"
TMP=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  for n in a b c; do ip netns del "$TAG-$n" 2>/dev/null || true; done
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

for n in a b c; do
  ip netns add "$TAG-$n"
  ip -n "$TAG-$n" link set lo up
  ip netns exec "$TAG-$n" sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 || true
done
# a:tob <-> b:froma, a:toc <-> c:froma
ip -n "$TAG-a" link add tob type veth peer name froma netns "$TAG-b"
ip -n "$TAG-a" link add toc type veth peer name froma netns "$TAG-c"
ip -n "$TAG-a" link set tob up; ip -n "$TAG-a" link set toc up
ip -n "$TAG-b" link set froma up; ip -n "$TAG-c" link set froma up

# The three namespaces share this host's one clock, so a scheduled start across them is honest
# even on a host without a time daemon: then the drones are told their clock is synchronised.
clock_env=()
if ! /usr/bin/python3 -c 'import ctypes,sys; b=ctypes.create_string_buffer(256); sys.exit(0 if ctypes.CDLL(None).adjtimex(b) != 5 else 1)'; then
  echo "note: this host's clock is not synchronised; the drones share it, so they are told it is"
  clock_env=(env STACCATO_FAKE_CLOCK=synchronized:1000)
fi
# Drone c wants a token (from the fleet's token_file); a and b are reached on their sockets alone.
/usr/bin/python3 -c 'import secrets; print(secrets.token_urlsafe(32))' >"$TMP/c.token"
chmod 600 "$TMP/c.token"
for n in a b c; do
  extra=()
  [[ $n == c ]] && extra=(--token-file "$TMP/c.token")
  ip netns exec "$TAG-$n" "${clock_env[@]}" "$DRONE" --listen "unix:$TMP/$n.sock" --backend pcap --rx-backend pcap \
    "${extra[@]}" >"$TMP/$n.log" 2>&1 &
  PIDS+=($!)
done
cat >"$TMP/drones.yaml" <<YAML
# The lab: three drones by name, their sockets, and aliases for the ports that face each other.
drones:
  - name: a
    address: unix:$TMP/a.sock
    ports: {to-b: tob, to-c: toc}
  - {name: b, address: "unix:$TMP/b.sock", ports: {in: froma}}
  - {name: c, address: "unix:$TMP/c.sock", token_file: c.token, ports: {in: froma}}
YAML
fleet=(--fleet "$TMP/drones.yaml")
for _ in $(seq 100); do
  "$CLI" "${fleet[@]}" fleet status >/dev/null 2>&1 && break
  sleep 0.1
done

"$CLI" "${fleet[@]}" fleet status --json >"$TMP/status.json" || { cat "$TMP/status.json" "$TMP"/*.log; echo "FAIL fleet status"; exit 1; }
/usr/bin/python3 - "$TMP/status.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
names = [x["name"] for x in d["drones"]]
assert names == ["a", "b", "c"], names
assert all(x["reachable"] and x["drone"]["version"] for x in d["drones"]), d
ports = {x["name"]: sorted(p["name"] for p in x["ports"]) for x in d["drones"]}
want = {"a": {"tob", "toc"}, "b": {"froma"}, "c": {"froma"}}
assert all(set(ports[n]) >= want[n] for n in want), ports
assert all("clock" in x["drone"] for x in d["drones"]), d
print(f"ok   fleet status: {len(names)} drones reachable, ports {ports}")
PY
# Without c's token the drone refuses: the token really comes from the fleet file.
if "$CLI" --drone "unix:$TMP/c.sock" ports >/dev/null 2>"$TMP/err"; then echo "FAIL drone c answered without its token"; exit 1; fi
echo "ok   drone c refuses a client without the fleet's token: $(head -1 "$TMP/err")"

stream() {  # stream ID COUNT: a tracked 64-byte UDP stream
  echo "{\"id\": $1, \"name\": \"s$1\", \"layers\": [{\"protocol\": \"eth\", \"fields\": {\"eth.dst\": \"02:00:00:00:00:99\"}},
   {\"protocol\": \"ip\"}, {\"protocol\": \"udp\"}, {\"protocol\": \"payload\"}, {\"protocol\": \"signature\"}],
   \"frame_length\": {\"fixed\": 64}, \"rate\": {\"unit\": \"PPS\", \"value\": 2000}, \"control\": {\"mode\": \"PACKETS\", \"count\": \"$2\"}}"
}
cat >"$TMP/session.json" <<JSON
{"format_version": 1, "drones": [
 {"address": "@a", "ports": [{"name": "to-b", "streams": [$(stream 1 2000)]}, {"name": "to-c", "streams": [$(stream 2 3000)]}]},
 {"address": "@b", "ports": [{"name": "in"}]},
 {"address": "@c", "ports": [{"name": "in"}]}]}
JSON
# The start is scheduled: its clock check runs (a tolerance below the drones' estimated error
# refuses the run before anything is sent).
if "$CLI" "${fleet[@]}" run "$TMP/session.json" --start-margin 300 --clock-tolerance 0 --json >/dev/null 2>"$TMP/err"; then
  echo "note: the clocks' estimated error is 0: the refusal cannot be shown"
else
  grep -q "@a's clock" "$TMP/err" || { echo "FAIL expected a refusal naming @a's clock: $(cat "$TMP/err")"; exit 1; }
  echo "ok   a scheduled start checks the clocks first: $(head -c 150 "$TMP/err")..."
fi
"$CLI" "${fleet[@]}" run "$TMP/session.json" --start-margin 300 --check --json >"$TMP/run.json" 2>"$TMP/run.err" ||
  { echo "FAIL the session run (rc $?)"; cat "$TMP/run.err" "$TMP/run.json"; exit 1; }
grep -q "start" "$TMP/run.err" && sed -n '1,3p' "$TMP/run.err"
check_pairs() {  # check_pairs WHO JSON_FILE
  /usr/bin/python3 - "$@" <<'PY'
import json, sys
who, d = sys.argv[1], json.load(open(sys.argv[2]))
rows = [dict(r, drone=x["address"]) for x in d["drones"] for r in x["stats"].get("streams", [])]
paired = sorted((r["drone"], r["stream_id"], r["tx_port"], r["rx_port"], int(r.get("tx_packets", 0)), int(r.get("rx_packets", 0)),
                 int(r.get("lost", 0))) for r in rows if r.get("tx_port") and r.get("rx_port"))
want = [("@a", 1, "tob", "froma", 2000, 2000, 0), ("@a", 2, "toc", "froma", 3000, 3000, 0)]
assert paired == want, f"{who}: paired rows {paired}, expected {want}\n{json.dumps(d, indent=1)}"
lat = [r["latency"] for r in rows if r.get("tx_port") and r.get("rx_port")]
assert all(l.get("samples", 0) and int(l["samples"]) > 0 for l in lat), lat
print(f"ok   {who}: one paired row per stream: " + "; ".join(
    f"{s} {tx}->{rx} tx {t} rx {r} lost {l} latency avg {int(x['avg_ns']) / 1e3:.1f} us" for (_, s, tx, rx, t, r, l), x in zip(paired, lat)))
PY
}
check_pairs "CLI JSON" "$TMP/run.json"

# What the drones hold, saved through the fleet: drones by name, ports by alias; it runs again.
"$CLI" "${fleet[@]}" session save "$TMP/saved.json" --drone @a --drone @b --drone @c 2>/dev/null
/usr/bin/python3 - "$TMP/saved.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
got = {x["address"]: sorted(p["name"] for p in x["ports"] if p["name"] != "lo") for x in d["drones"]}
assert got == {"@a": ["to-b", "to-c"], "@b": ["in"], "@c": ["in"]}, got
print(f"ok   session save through the fleet: {got}")
PY
"$CLI" "${fleet[@]}" run "$TMP/saved.json" --start-margin 300 --check --json >"$TMP/rerun.json" 2>"$TMP/run.err" ||
  { echo "FAIL the saved session's run"; cat "$TMP/run.err"; exit 1; }
check_pairs "the saved session, run again" "$TMP/rerun.json"

if [[ -n ${PYTHON:-} ]]; then
  "$PYTHON" - "$TMP/drones.yaml" "$TMP/session.json" "$CLI" >"$TMP/py.json" <<'PY'
import json, sys
import staccato
fleet = staccato.Fleet(sys.argv[1], cli=sys.argv[3])
assert sorted(fleet.drones) == ["a", "b", "c"], fleet.drones
assert fleet.port("@a:to-b") == ("a", "tob")
with fleet.drone("c") as c:  # the fleet's token file
    assert {p["name"] for p in c.ports()} >= {"froma"}
report = fleet.run(sys.argv[2], "--start-margin", "300", check=True)
print(json.dumps(report))
PY
  check_pairs "Python staccato.Fleet" "$TMP/py.json"
else
  echo "note: PYTHON unset: the Python half is left out"
fi
