#!/usr/bin/env bash
# Sequential streams with after-stream actions and loop counts: the exact packet sequence on
# the wire, read back from a capture with tshark.
source "$(dirname "$0")/lab.sh"
lab_up
start_drone
layer() { echo "[{\"protocol\": \"eth\", \"fields\": {\"eth.dst\": \"02:00:00:00:00:99\"}}, {\"protocol\": \"ip\"}, {\"protocol\": \"udp\", \"fields\": {\"udp.dstport\": \"$1\"}}, {\"protocol\": \"payload\"}, {\"protocol\": \"signature\"}]"; }
cat >"$LAB_TMP/seq.json" <<JSON
{"format_version": 1, "streams": [
 {"id": 1, "layers": $(layer 1001), "rate": {"value": 2000}, "control": {"count": "3", "after": "NEXT"}},
 {"id": 2, "layers": $(layer 1002), "rate": {"value": 2000}, "control": {"count": "2", "after": "GOTO_FIRST", "loop_count": 1}},
 {"id": 3, "layers": $(layer 1003), "rate": {"value": 2000}, "control": {"count": "1", "after": "STOP"}},
 {"id": 4, "layers": $(layer 1004), "rate": {"value": 2000}, "control": {"count": "5"}}
]}
JSON
capture_run seq "$LAB_TMP/seq.json"
got=$(tshark -r "$LAB_TMP/seq.pcap" -T fields -e udp.dstport 2>/dev/null | sed 's/100//' | tr -d '\n')
want=11122111223
[[ $got == "$want" ]] && echo "ok   wire sequence $got" || { echo "FAIL wire sequence: got $got, want $want"; exit 1; }
check "per-stream tx counts" "sorted((s['stream_id'], s['tx_packets']) for s in d['streams'] if s['tx_port']) == [(1, 6), (2, 4), (3, 1), (4, 0)]" "$LAB_TMP/seq.stats.json"
check "per-stream rx counts" "sorted((s['stream_id'], s['rx_packets']) for s in d['streams'] if s['rx_port']) == [(1, 6), (2, 4), (3, 1)]" "$LAB_TMP/seq.stats.json"
# Sequence numbers restart per stream and run on across loops: stream 1 carries 0..5. With
# several queues each queue numbers its own lane (magic 0x5a7c for queue 0, 0x5b00 | k for
# queue k), whose packets may pass the other lanes' on the wire: each lane carries 0..n-1 in
# order, and the lanes together carry 6 packets.
tshark -r "$LAB_TMP/seq.pcap" -Y 'udp.dstport == 1001' -T fields -e udp.payload 2>/dev/null >"$LAB_TMP/seq1.hex"
python3 - "$LAB_TMP/seq1.hex" "$LAB_QUEUES" <<'PY' || exit 1
import sys
lanes = {}
for h in open(sys.argv[1]).read().split():
    magic, seq = int(h[-32:-28], 16), int(h[-24:-16], 16)
    lanes.setdefault(magic, []).append(seq)
queues = int(sys.argv[2])
want_magics = {0x5a7c} | {0x5b00 | k for k in range(1, queues)}
ok = set(lanes) <= want_magics and sum(map(len, lanes.values())) == 6 and \
     all(seqs == list(range(len(seqs))) for seqs in lanes.values()) and (queues > 1 or lanes.get(0x5a7c) == list(range(6)))
print(("ok  " if ok else "FAIL") + " stream 1 sequence numbers per lane: " +
      ", ".join(f"{m:#06x}: {seqs}" for m, seqs in sorted(lanes.items())))
sys.exit(0 if ok else 1)
PY
