#!/usr/bin/env bash
# N sent = N received = N counted per stream, with latency; ports and errors.
source "$(dirname "$0")/lab.sh"
lab_up
start_drone
cli ports | grep -q '^va .*veth' || { echo "FAIL ports table"; cli ports; exit 1; }
f=$(stream_file counts 10000 20000)
cli run "$f" --tx va --rx vb --json >"$LAB_TMP/out.json"
check "drone sent 10000" "d['ports'][0]['drone_tx_packets'] == 10000" "$LAB_TMP/out.json"
check "stream tx == rx == 10000" "[(s['tx_packets'], s['rx_packets']) for s in d['streams']] == [(10000, 10000)]" "$LAB_TMP/out.json"
if ((LAB_QUEUES == 1)); then
  check "no loss, dup, reorder" "[(s['lost'], s['duplicates'], s['reordered']) for s in d['streams']] == [(0, 0, 0)]" "$LAB_TMP/out.json"
else  # the queues' packets take different CPUs through the stack and may pass each other
  check "no loss, no dup (queues may reorder)" "[(s['lost'], s['duplicates']) for s in d['streams']] == [(0, 0)]" "$LAB_TMP/out.json"
fi
check "latency measured" "0 < d['streams'][0]['latency']['avg_ns'] < 5_000_000 and d['streams'][0]['latency']['samples'] == 10000" "$LAB_TMP/out.json"
check "same clock" "d['streams'][0]['same_clock']" "$LAB_TMP/out.json"
check "kernel rx on vb" "[p for p in d['ports'] if p['port'] == 'vb'][0]['rx_packets'] >= 10000" "$LAB_TMP/out.json"
# Bad requests: clear errors, non-zero exit, nothing half-applied.
if cli run "$f" --tx nosuch 2>"$LAB_TMP/err"; then echo "FAIL unknown port accepted"; exit 1; fi
expect_error "no port 'nosuch' on this drone"
bad=$(stream_file bad 10 1000 ', "variable_fields": [{"field": "ip.ttl", "start": "999"}]')
if cli run "$bad" --tx va 2>"$LAB_TMP/err"; then echo "FAIL bad stream accepted"; exit 1; fi
expect_error "streams\[0\].variable_fields\[0\].start: 999 exceeds 8 bits"
absurd=$(stream_file absurd 10 1e12)
if cli run "$absurd" --tx va 2>"$LAB_TMP/err"; then echo "FAIL absurd rate accepted"; exit 1; fi
expect_error "line rate allows at most"
echo "drone still alive after bad requests: $(cli ports | wc -l) lines"
