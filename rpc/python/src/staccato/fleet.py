"""Fleet files (drones.yaml): the drones of a lab by name, as staccato-cli reads them.

The fleet file's rules have one home, the C++ client core that staccato-cli uses: this module
asks ``staccato-cli fleet show --json`` for the validated fleet, so Python accepts and refuses
exactly the files the CLI and the GUI do, with the same messages. Runs across drones go through
``staccato-cli run --json`` too, so a stream sent on one drone and received on another is one
row, paired by the one rule the CLI and the GUI use. See docs/python.md#fleets.
"""
import json
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from staccato.drone import Drone


class FleetError(ValueError):
    """A fleet file that cannot be read (the message names the field, e.g. ``drones[1].address``),
    or a fleet run that failed (``returncode`` and ``report`` then say more)."""

    def __init__(self, message: str, returncode: int = 0, report: Optional[dict] = None):
        super().__init__(message)
        self.returncode = returncode
        self.report = report


@dataclass(frozen=True)
class FleetDrone:
    """One drone of the fleet: file paths absolute, the default port added, TLS when a CA is given."""
    name: str
    address: str
    token_file: str = ""
    ca: str = ""
    tls: bool = False
    ports: Dict[str, str] = field(default_factory=dict)  # alias -> the drone's port name


def _find_cli(cli: Optional[str]) -> str:
    found = cli or os.environ.get("STACCATO_CLI") or shutil.which("staccato-cli")
    if not found:
        raise FleetError("fleet files are read by staccato-cli: install it, or give its path (cli=... or $STACCATO_CLI)")
    return found


class Fleet:
    """The fleet file at `path`, checked as staccato-cli checks it.

        fleet = staccato.Fleet("drones.yaml")
        with fleet.drone("lab-a") as a:          # address, TLS, CA and token from the file
            print(a.ports())
        report = fleet.run("session.json", check=True)   # drones named @lab-a... in the session
        for row in Fleet.paired_streams(report): print(row["stream_id"], row["lost"])
    """

    def __init__(self, path: str, cli: Optional[str] = None):
        self.path = os.path.abspath(path)
        self.cli = _find_cli(cli)
        out = self._cli("fleet", "show", "--json")
        if out.returncode != 0:
            raise FleetError(out.stderr.strip().removeprefix("staccato-cli: "), out.returncode)
        doc = json.loads(out.stdout)
        self.drones: Dict[str, FleetDrone] = {d["name"]: FleetDrone(**d) for d in doc["drones"]}

    def _cli(self, *args: str, timeout: Optional[float] = 60) -> subprocess.CompletedProcess:
        return subprocess.run([self.cli, "--fleet", self.path, *args], capture_output=True, text=True, timeout=timeout)

    def as_dict(self) -> dict:
        """The fleet as ``staccato-cli fleet show --json`` prints it."""
        return {"path": self.path, "drones": [vars(d) | {"ports": dict(d.ports)} for d in self.drones.values()]}

    def __getitem__(self, name: str) -> FleetDrone:
        try:
            return self.drones[name.removeprefix("@")]
        except KeyError:
            raise FleetError(f"no drone named '@{name.removeprefix('@')}' in the fleet {self.path} "
                             f"(it has {', '.join('@' + n for n in self.drones)})") from None

    def port(self, ref: str) -> Tuple[str, str]:
        """``"@name:port"`` (the port maybe an alias) as (drone name, the drone's port name)."""
        if not ref.startswith("@") or ":" not in ref:
            raise FleetError(f"'{ref}' is not @NAME:PORT")
        name, port = ref[1:].split(":", 1)
        return name, self[name].ports.get(port, port)

    def drone(self, name: str, **kwargs) -> Drone:
        """A connection to the fleet's drone `name` (keyword arguments go to ``staccato.Drone``)."""
        d = self[name]
        return Drone(d.address, token_file=d.token_file or None, tls=d.tls, ca=d.ca or None, **kwargs)

    def status(self) -> dict:
        """``staccato-cli fleet status --json``: every drone's reachability, version, clock, ports."""
        out = self._cli("fleet", "status", "--json")
        if out.returncode not in (0, 1):  # 1: some drone is unreachable (the report says which)
            raise FleetError(out.stderr.strip().removeprefix("staccato-cli: "), out.returncode)
        return json.loads(out.stdout)

    def run(self, session: str, *args: str, check: bool = False, timeout: Optional[float] = None) -> dict:
        """Runs a session file across the fleet (``staccato-cli run SESSION --json``; `args` are
        more run options, e.g. ``"--start-margin", "300"``) and returns its report. Raises
        FleetError when the run fails, or with `check` when a stream lost packets (returncode 3)."""
        out = self._cli("run", os.path.abspath(session), "--json", *(["--check"] if check else []), *args, timeout=timeout)
        report = json.loads(out.stdout) if out.stdout.strip() else None
        if out.returncode != 0:
            raise FleetError(out.stderr.strip().removeprefix("staccato-cli: ") or f"run failed ({out.returncode})",
                             out.returncode, report)
        if report is not None and "drones" not in report:  # one drone: its snapshot alone
            report = {"drones": [{"address": "", "stats": report}]}
        return report

    @staticmethod
    def paired_streams(report: dict) -> List[dict]:
        """The rows of a run report with both sides (sent on one port, received on another,
        perhaps on another drone), each with the sending drone's name as "drone"."""
        return [dict(row, drone=d["address"]) for d in report["drones"] for row in d["stats"].get("streams", [])
                if row.get("tx_port") and row.get("rx_port")]
