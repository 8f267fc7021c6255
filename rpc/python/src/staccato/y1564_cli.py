"""ITU-T Y.1564 service activation from Python, run by ``staccato-cli benchmark y1564``: the one
runner the CLI and the GUI share (docs/benchmarks.md), whose JSON comes back as a
:class:`~staccato.Y1564Result`.

    import staccato
    result = staccato.y1564("eth1", "eth2", drone="unix:/run/staccato/lab.sock",
                            config="docs/examples/y1564/two-services.json", report="y1564.html")
    print(result.verdict)                  # PASS, FAIL or INCOMPLETE
    for s in result.service("voice").steps:
        print(s.step.label, s.verdict.outcome, *s.verdict.failures)
"""
import json as _json
import os
import tempfile
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

from staccato.benchmark_cli import BenchmarkError, _far_ends, _flags, _last_line, _options, _run_for_result, find_cli
from staccato.y1564_result import CONFIG_FORMAT, Y1564Result


class Y1564:
    """A Y.1564 run's settings, run as often as wanted with :meth:`run`. Options are the CLI's
    (``staccato-cli benchmark y1564 --help``, docs/benchmarks.md):

    - ``tx``, ``rx``: the ports the services run between ("eth1" on the drone, or "eth1@ADDRESS")
    - ``reflector`` instead of ``rx``: a port (PORT, PORT@DRONE or @NAME:PORT) that returns every
      test frame to ``tx``, which receives them (the services' delay is the round trip);
      ``reflect_swap`` ("l2", "l3", "l4"; the CLI's default l3): what it is set to swap when it
      does not reflect yet
    - ``config``: the services and criteria, a config file's path
      (docs/examples/y1564/two-services.json) or its JSON as a dict (written to a temporary
      file; "format" may be left out, so a result's ``config`` runs again as it is)
    - ``drone``, ``token_file``, ``tls``, ``ca``: the drone, as every CLI command takes it
    - ``no_performance`` or ``performance_only``: one of the two tests; ``step_seconds``,
      ``performance_seconds``: their lengths, instead of the config's
    - ``ipv6``, ``drain`` (ms), ``learning_frames``, ``start_margin`` (ms), ``quiet`` (no
      progress lines)
    - ``report`` (HTML), ``junit``, ``csv``: reports to keep; ``json``: where to keep the
      result file (by default a temporary file, read and removed)
    - ``extra_args``: further CLI arguments, as given
    """

    def __init__(self, tx: str, rx: Optional[str] = None, *, config: Union[str, "os.PathLike[str]", Dict[str, Any]],
                 reflector: Optional[str] = None, reflect_swap: Optional[str] = None,
                 drone: Optional[str] = None, token_file: Optional[str] = None, tls: bool = False,
                 ca: Optional[str] = None, no_performance: bool = False, performance_only: bool = False,
                 step_seconds: Optional[float] = None, performance_seconds: Optional[float] = None,
                 ipv6: bool = False, drain: Optional[float] = None, learning_frames: Optional[int] = None,
                 start_margin: Optional[float] = None, quiet: bool = False, report: Optional[str] = None,
                 json: Optional[str] = None, junit: Optional[str] = None, csv: Optional[str] = None,
                 extra_args: Sequence[str] = (), cli: Optional[str] = None):
        kind, end, self.reflect_swap = _far_ends(rx, reflector, reflect_swap)
        if not isinstance(tx, str) or not isinstance(end, str):
            raise TypeError(f"tx and {kind}: one port each (\"eth1\" or \"eth1@ADDRESS\"), as text")
        if not isinstance(config, (str, os.PathLike, dict)):
            raise TypeError(f"config: a config file's path or its JSON as a dict, not {type(config).__name__}")
        self.tx, self.rx, self.reflector, self.config = tx, rx, reflector, config
        self.drone, self.token_file, self.tls, self.ca = drone, token_file, tls, ca
        self.no_performance, self.performance_only = no_performance, performance_only
        self.step_seconds, self.performance_seconds = step_seconds, performance_seconds
        self.ipv6, self.drain, self.learning_frames, self.start_margin = ipv6, drain, learning_frames, start_margin
        self.quiet = quiet
        self.report, self.json, self.junit, self.csv = report, json, junit, csv
        self.extra_args, self.cli = list(extra_args), cli

    def args(self, config_path: str, json_path: str) -> List[str]:
        """The CLI's arguments after the program's name."""
        far = ["--rx", self.rx] if self.reflector is None else ["--reflector", self.reflector]
        return (["benchmark", "y1564", "--config", config_path, "--tx", self.tx, *far, "--json", json_path] +
                _options(("--reflect-swap", self.reflect_swap), ("--drone", self.drone), ("--token-file", self.token_file), ("--ca", self.ca),
                         ("--step-seconds", self.step_seconds), ("--performance-seconds", self.performance_seconds),
                         ("--drain", self.drain), ("--learning-frames", self.learning_frames),
                         ("--start-margin", self.start_margin), ("--report", self.report), ("--junit", self.junit),
                         ("--csv", self.csv)) +
                _flags(("--tls", self.tls), ("--no-performance", self.no_performance),
                       ("--performance-only", self.performance_only), ("--ipv6", self.ipv6), ("--quiet", self.quiet)) +
                self.extra_args)

    def run(self, *, timeout: Optional[float] = None, on_output: Optional[Callable[[str], None]] = None,
            check: bool = True) -> Y1564Result:
        """Runs Y.1564 and returns its result, whatever the verdict: a FAIL or INCOMPLETE run is a
        result (``result.verdict``, ``result.passed``), not an error, although the CLI exits 1
        for it. ``on_output`` gets each line the CLI prints (a line per step and per performance
        second or ten, then the summary ending "Y.1564: PASS|FAIL|INCOMPLETE").

        Raises :class:`BenchmarkError` when the CLI ends without a result (bad options or
        config, an unreachable drone: the CLI's message, naming the member of a bad config),
        and with ``check`` (the default) when the run ended with an error (``e.result``: what
        was measured until then) or the CLI failed after a passing run (a report it could not
        write). Without ``check``, whatever result the CLI wrote is returned. A stopped run
        (Ctrl+C) is returned as such (``result.stopped``, INCOMPLETE)."""
        program = find_cli(self.cli)
        with tempfile.TemporaryDirectory(prefix="staccato-y1564-") as tmp:
            config_path = os.fspath(self.config) if not isinstance(self.config, dict) else os.path.join(tmp, "config.json")
            if isinstance(self.config, dict):
                with open(config_path, "w", encoding="utf-8") as f:
                    _json.dump({"format": CONFIG_FORMAT, **self.config}, f, indent=2)
            json_path = str(self.json or os.path.join(tmp, "result.json"))
            returncode, tail, result = _run_for_result([program] + self.args(config_path, json_path), json_path,
                                                       Y1564Result, "staccato-cli benchmark y1564", timeout, on_output)
        if check and result.error and not result.stopped:
            raise BenchmarkError(f"the Y.1564 run ended early: {result.error}", returncode, tail, result)
        if check and returncode != 0 and result.passed:  # exit 0 only for a pass: FAIL and INCOMPLETE exit 1
            raise BenchmarkError(f"staccato-cli benchmark y1564 exited with {returncode}: {_last_line(tail)}",
                                 returncode, tail, result)
        return result


def y1564(tx: str, rx: Optional[str] = None, *, timeout: Optional[float] = None, on_output: Optional[Callable[[str], None]] = None,
          check: bool = True, **options) -> Y1564Result:
    """Runs Y.1564 once: ``Y1564(tx, rx, **options).run(...)``; ``config=`` is required (and
    ``reflector=`` instead of ``rx`` through a reflector). A FAIL or INCOMPLETE verdict is
    returned, not raised (see :meth:`Y1564.run`)."""
    return Y1564(tx, rx, **options).run(timeout=timeout, on_output=on_output, check=check)
