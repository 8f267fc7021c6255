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
# Sequence numbers restart per stream and run on across loops: stream 1 carries 0..5. (With
# several queues, the queues' packets of one stream run may pass each other on the wire.)
order=cat; ((LAB_QUEUES > 1)) && order="sort -n"
seqs=$(tshark -r "$LAB_TMP/seq.pcap" -Y 'udp.dstport == 1001' -T fields -e udp.payload 2>/dev/null | while read -r h; do echo $((16#${h: -24:8})); done | $order | tr '\n' ' ')
[[ $seqs == "0 1 2 3 4 5 " ]] && echo "ok   stream 1 sequence numbers $seqs" || { echo "FAIL stream 1 sequence numbers: $seqs"; exit 1; }
