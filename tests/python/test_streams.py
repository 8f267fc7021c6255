"""Stream building: Stream(...) / Vary(...) give exactly the proto messages the docs describe."""
import pytest

import staccato
from staccato.convert import to_dict
from staccato.streams import as_streams


def v6_stream(**extra):
    return staccato.Stream("v6", [("eth", {"eth.dst": "02:00:00:00:00:02"}), ("ipv6", {"ipv6.hlim": 32}), "udp",
                                  ("signature", {})],
                           count=10000, pps=5000, vary=[staccato.Vary("udp.srcport", start="1000", count=100)],
                           length=128, **extra)


def test_stream_fields():
    d = to_dict(v6_stream(id=3))
    assert d["id"] == 3 and d["name"] == "v6"
    assert d["layers"] == [{"protocol": "eth", "fields": {"eth.dst": "02:00:00:00:00:02"}},
                           {"protocol": "ipv6", "fields": {"ipv6.hlim": "32"}},
                           {"protocol": "udp", "fields": {}}, {"protocol": "signature", "fields": {}}]
    assert (d["frame_length"]["mode"], d["frame_length"]["fixed"]) == ("FIXED", 128)
    assert (d["control"]["mode"], d["control"]["count"]) == ("PACKETS", 10000)
    assert (d["rate"]["unit"], d["rate"]["value"]) == ("PPS", 5000)
    vf = d["variable_fields"]
    assert [(v["field"], v["mode"], v["start"], v["count"]) for v in vf] == [("udp.srcport", "INCREMENT", "1000", 100)]
    assert "enabled" not in d  # absent = enabled; only set when asked
    assert staccato.Stream(enabled=False).enabled is False


def test_dicts_are_the_stream_file_format():
    s = staccato.Stream("imix", [{"protocol": "eth"}, {"protocol": "ip", "fields": {"ip.ttl": "9"}}],
                        length={"mode": "IMIX"}, rate={"unit": "BPS_L1", "value": 1e9}, continuous=True,
                        vary=[{"field": "ip.src", "prefix_length": 24, "count": "100"}])
    assert s.frame_length.mode == staccato.stream_pb2.FrameLength.IMIX
    assert s.rate.unit == staccato.stream_pb2.Rate.BPS_L1 and s.rate.value == 1e9
    assert s.control.mode == staccato.stream_pb2.Control.CONTINUOUS
    assert s.layers[1].fields["ip.ttl"] == "9" and s.variable_fields[0].count == 100


def test_vary_list_and_layer():
    v = staccato.Vary("ip.dst", values=["10.0.0.1", "10.0.0.2"], layer=2)
    assert v.mode == staccato.stream_pb2.VariableField.LIST and list(v.values) == ["10.0.0.1", "10.0.0.2"]
    assert v.HasField("layer") and v.layer == 2
    assert not staccato.Vary("ip.src").HasField("layer")


@pytest.mark.parametrize("call, error, message", [
    (lambda: staccato.Stream(count=5, continuous=True), ValueError, "count or continuous"),
    (lambda: staccato.Stream(pps=5, rate={"unit": "PPS"}), ValueError, "pps or rate"),
    (lambda: staccato.Stream(layers=[("ip", {"ip.df": True})]), TypeError, r"layers\[0\].ip.df"),
    (lambda: staccato.Stream(layers=[{"protocol": "ip", "feilds": {}}]), ValueError, "feilds"),
    (lambda: staccato.Stream(rate={"unit": "PPM"}), ValueError, "PPM"),
    (lambda: staccato.Vary("ip.src", mode="UP"), ValueError, "INCREMENT, DECREMENT, RANDOM, LIST"),
    (lambda: as_streams([42]), TypeError, r"streams\[0\]"),
])
def test_bad_input_says_what(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_ids_are_numbered_after_the_highest():
    given = [staccato.Stream("a"), {"id": 5, "name": "b"}, staccato.Stream("c")]
    assert [(s.name, s.id) for s in as_streams(given)] == [("a", 6), ("b", 5), ("c", 7)]
    assert given[0].id == 0  # the caller's messages are not changed
