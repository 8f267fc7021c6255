"""Stream and session files: the C++ format (StreamFile / SessionFile, format_version 1, proto
field names), round trips, and refusals."""
import json
from pathlib import Path

import pytest

import staccato

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*.json"))


def test_round_trip(tmp_path):
    streams = [staccato.Stream("a", ["eth", ("ip", {"ip.ttl": 7}), "udp"], id=1, count=3, pps=10),
               staccato.Stream("b", ["eth", "arp"], id=2, enabled=False, length={"mode": "RANDOM", "min": 64, "max": 90})]
    path = tmp_path / "s.json"
    staccato.save_streams(path, streams)
    assert staccato.load_streams(path) == streams
    d = json.loads(path.read_text())
    assert d["format_version"] == 1  # the oldest format that holds these streams
    assert d["streams"][1]["frame_length"] == {"mode": "RANDOM", "min": 64, "max": 90}  # proto names, no defaults
    assert d["streams"][0]["control"]["count"] == "3"  # 64-bit ints quoted, as the C++ code writes them


def test_replay_streams_need_format_2(tmp_path):
    replay = staccato.Stream("replay", id=1)
    replay.replay.frames.append(bytes(60))
    staccato.save_streams(tmp_path / "r.json", [replay])
    assert json.loads((tmp_path / "r.json").read_text())["format_version"] == 2
    assert staccato.load_streams(tmp_path / "r.json") == [replay]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_reads_the_files_the_cpp_code_reads(example):
    streams = staccato.load_streams(example)
    assert streams and [s.id for s in streams] == [s["id"] for s in json.loads(example.read_text())["streams"]]


@pytest.mark.parametrize("content, message", [
    ('{"format_version": 1, "streams": [{"id": 1, "colour": "red"}]}', "colour"),
    ('{"format_version": 3, "streams": [{"id": 1, "new_thing": 1}]}', "format 3, written by a newer Staccato"),
    ('{"streams": []}', r'format_version: missing; a stream file starts with \{"format_version": 1, ...\} \(2 only when a stream is a replay\)'),
    ('{"streams": [{"replay": {}}]}', r'missing; a stream file with replay streams starts with \{"format_version": 2'),
    ('{"id": 1, "layers": []}', "missing; this looks like one stream, not a stream file"),
    ('{"format_version": "1", "streams": []}', "format_version: expected a whole number"),
    ('{"format_version": 1, "streams": [', "not a valid stream file"),
    ('[1]', "expected a JSON object"),
])
def test_refuses_with_a_clear_message(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(staccato.FileFormatError, match=message):
        staccato.load_streams(path)


def test_session_round_trip_without_secrets(tmp_path):
    session = {"drones": [{"address": "unix:/run/staccato/demo-lab.sock", "name": "lab", "ports": [
        {"name": "demo0", "config": {"tx_mode": "INTERLEAVED"},
         "streams": [{"id": 1, "layers": [{"protocol": "eth"}]}]}]}]}
    path = tmp_path / "lab.session.json"
    staccato.save_session(path, session)
    loaded = staccato.load_session(path)
    assert loaded.format_version == 1 and loaded.saved_by.startswith("staccato-python ")
    assert loaded.drones[0].ports[0].config.tx_mode == staccato.drone_pb2.PortConfig.INTERLEAVED
    assert loaded.drones[0].ports[0].streams[0].layers[0].protocol == "eth"
    with pytest.raises(ValueError, match="token"):  # there is no place for one
        staccato.save_session(path, {"drones": [{"address": "h:1", "token": "secret"}]})
    (tmp_path / "newer.json").write_text('{"format_version": 9}')
    with pytest.raises(staccato.FileFormatError, match="newer Staccato"):
        staccato.load_session(tmp_path / "newer.json")
