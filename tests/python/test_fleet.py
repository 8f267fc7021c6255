"""staccato.Fleet over the fleet-file data set the C++ parser's test reads too (tests/data/fleet):
the same files accepted with the same contents, the same ones refused with the same messages."""
import json
import os
from pathlib import Path

import pytest

import staccato

CLI = os.environ.get("CLI")
pytestmark = pytest.mark.skipif(not CLI, reason="set CLI to the staccato-cli binary")
DATA = Path(__file__).resolve().parent.parent / "data" / "fleet"


@pytest.mark.parametrize("yaml", sorted((DATA / "good").glob("*.yaml")), ids=lambda p: p.stem)
def test_good_files(yaml):
    fleet = staccato.Fleet(str(yaml), cli=CLI)
    expected = json.loads(yaml.with_suffix(".json").read_text().replace("${DIR}", str(DATA / "good")))
    assert fleet.as_dict() == expected


@pytest.mark.parametrize("yaml", sorted((DATA / "bad").glob("*.yaml")), ids=lambda p: p.stem)
def test_bad_files(yaml):
    first = yaml.read_text().splitlines()[0]
    assert first.startswith("# error: ")
    with pytest.raises(staccato.FleetError) as e:
        staccato.Fleet(str(yaml), cli=CLI)
    assert str(e.value).startswith(f"{yaml}: ")
    assert first[len("# error: "):] in str(e.value)


def test_names_ports_and_drones(tmp_path):
    (tmp_path / "f.yaml").write_text("drones: [{name: a, address: 192.0.2.1, ports: {up: eth1}}]\n")
    fleet = staccato.Fleet(str(tmp_path / "f.yaml"), cli=CLI)
    assert fleet.port("@a:up") == ("a", "eth1")
    assert fleet.port("@a:eth2") == ("a", "eth2")
    assert fleet["@a"].address == "192.0.2.1:7878"
    with pytest.raises(staccato.FleetError, match=r"no drone named '@b' in the fleet .* \(it has @a\)"):
        fleet["b"]


def test_without_the_cli(tmp_path, monkeypatch):
    monkeypatch.delenv("STACCATO_CLI", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(staccato.FleetError, match="read by staccato-cli"):
        staccato.Fleet(str(tmp_path / "f.yaml"))
