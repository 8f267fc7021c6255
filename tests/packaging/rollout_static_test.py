#!/usr/bin/env python3
"""The Kubernetes DaemonSet and its Containerfile give the drone what the systemd unit with its
turbo drop-in gives it: the same capabilities and nothing more, no privilege escalation, a
read-only system, the host's network, /sys/fs/bpf, locked memory, the unit's memory bound, a
token and TLS, and readiness and liveness probes that call the drone with its token over TLS
(never a tokenless probe: that would keep a way in open). Its Prometheus metrics listener has a
token of its own from a Secret and the same TLS, and servicemonitor.yaml scrapes it so. The unit
alone grants the least (CAP_NET_RAW, bounded memory and tasks); the Ansible role listens on the
unix socket unless told, and serves no metrics unless told.

Usage: rollout_static_test.py SOURCE_DIR [DRONE_BINARY]
With DRONE_BINARY, the DaemonSet's arguments are also parsed by the drone itself.
"""
import re
import shlex
import subprocess
import sys
from pathlib import Path

try:
    import yaml
except ImportError:
    print("SKIP: PyYAML is not installed (python3-yaml)")
    sys.exit(77)

src = Path(sys.argv[1])
drone = sys.argv[2] if len(sys.argv) > 2 else None
failures = []


def check(what, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else f": {detail}"))
    if not ok:
        failures.append(what)


def unit_settings(path):
    """The [Service] settings of a unit file: name -> list of values (in order)."""
    settings, section = {}, None
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line
        elif section == "[Service]":
            key, _, value = line.partition("=")
            settings.setdefault(key, []).append(value)
    return settings


unit = unit_settings(src / "installer/systemd/staccato-drone.service")
check("the unit alone grants the least: CAP_NET_RAW", unit["AmbientCapabilities"] == ["CAP_NET_RAW"] and
      unit["CapabilityBoundingSet"] == ["CAP_NET_RAW"], unit["AmbientCapabilities"])
check("the unit bounds memory and tasks (MemoryMax=, TasksMax=)", "MemoryMax" in unit and "TasksMax" in unit)
turbo = unit_settings(src / "installer/systemd/turbo.conf")
unit_caps = set(turbo["AmbientCapabilities"][-1].split())
check("the turbo drop-in's bounding set is its ambient set", set(turbo["CapabilityBoundingSet"][-1].split()) == unit_caps,
      turbo["CapabilityBoundingSet"])
drone_path = shlex.split(unit["ExecStart"][0])[0]

docs = list(yaml.safe_load_all((src / "installer/k8s/daemonset.yaml").read_text()))
ds = next(d for d in docs if d and d.get("kind") == "DaemonSet")
pod = ds["spec"]["template"]["spec"]
(container,) = pod["containers"]
sc = container["securityContext"]
k8s_caps = {"CAP_" + c for c in sc["capabilities"]["add"]}

check("hostNetwork (the service uses the host's network)", pod.get("hostNetwork") is True)
check(f"capabilities are the unit's ({' '.join(sorted(unit_caps))})", k8s_caps == unit_caps,
      f"DaemonSet adds {sorted(k8s_caps)}")
check("every other capability dropped (the unit's bounding set)", sc["capabilities"].get("drop") == ["ALL"])
check("no privilege escalation (NoNewPrivileges=yes)",
      unit["NoNewPrivileges"] == ["yes"] and sc.get("allowPrivilegeEscalation") is False)
check("read-only system (ProtectSystem=strict)",
      unit["ProtectSystem"] == ["strict"] and sc.get("readOnlyRootFilesystem") is True)
check("seccomp filter (SystemCallFilter=)", "SystemCallFilter" in unit and
      sc.get("seccompProfile", {}).get("type") in ("RuntimeDefault", "Localhost"))
# A pod cannot raise RLIMIT_MEMLOCK: CAP_IPC_LOCK is what lets AF_XDP lock its packet memory
# there, and the unit has it too, beside LimitMEMLOCK=infinity.
check("locked memory: LimitMEMLOCK=infinity in the unit, CAP_IPC_LOCK in both",
      unit["LimitMEMLOCK"] == ["infinity"] and "CAP_IPC_LOCK" in unit_caps and "CAP_IPC_LOCK" in k8s_caps)

mounts = {m["name"]: m for m in container.get("volumeMounts", [])}
volumes = {v["name"]: v for v in pod.get("volumes", [])}
bpf = [n for n, v in volumes.items() if v.get("hostPath", {}).get("path") == "/sys/fs/bpf"]
check("/sys/fs/bpf from the host, mounted read-only at /sys/fs/bpf",
      len(bpf) == 1 and mounts.get(bpf[0], {}).get("mountPath") == "/sys/fs/bpf" and mounts[bpf[0]].get("readOnly"))

args = container["args"]
opt = {args[i]: args[i + 1] for i in range(len(args) - 1) if args[i].startswith("--")}
listen = opt.get("--listen", "")
token_file = opt.get("--token-file", "")
token_mounts = [m for n, m in mounts.items() if "secret" in volumes.get(n, {}) and token_file.startswith(m["mountPath"] + "/")]
check("the token comes from a Secret mounted where --token-file points", bool(token_mounts), token_file)
if token_mounts:
    secret = volumes[token_mounts[0]["name"]]["secret"]
    check("the token's Secret is readable by the drone only (mode 0400)", secret.get("defaultMode") == 0o400,
          oct(secret.get("defaultMode", 0)))
port = int(listen.rsplit(":", 1)[1]) if re.fullmatch(r".+:\d+", listen) else None
tls_cert = opt.get("--tls-cert", "")
tls_mounts = [m for n, m in mounts.items() if "secret" in volumes.get(n, {}) and tls_cert.startswith(m["mountPath"] + "/")]
check("TLS on the port: --tls-cert and --tls-key from a Secret", bool(tls_mounts) and "--tls-key" in opt, opt)
check("memory bounded as the unit bounds it", container.get("resources", {}).get("limits", {}).get("memory") ==
      unit["MemoryMax"][0] + "i", container.get("resources"))
for kind in ["readinessProbe", "livenessProbe"]:
    probe = container.get(kind, {})
    command = probe.get("exec", {}).get("command", [])
    check(f"{kind}: a real call with the token over TLS on the listen port ({port}), never a tokenless probe",
          "grpc" not in probe and command[:1] == ["staccato-cli"] and f"localhost:{port}" in command and
          "--tls" in command and command[command.index("--token-file") + 1] == token_file if "--token-file" in command
          else False, probe)
metrics = opt.get("--metrics", "")
metrics_port = int(metrics.rsplit(":", 1)[1]) if re.fullmatch(r".+:\d+", metrics) else None
ports = {p.get("name"): p["containerPort"] for p in container.get("ports", [])}
check("the container ports are the listen port (grpc) and the metrics port (metrics)",
      ports == {"grpc": port, "metrics": metrics_port}, ports)

# Metrics: a token of their own from a Secret, the listener's TLS, annotations for discovery.
metrics_token = opt.get("--metrics-token-file", "")
metrics_mounts = [m for n, m in mounts.items()
                  if "secret" in volumes.get(n, {}) and metrics_token.startswith(m["mountPath"] + "/")]
check("the metrics token comes from a Secret of its own, mounted read-only where --metrics-token-file points",
      len(metrics_mounts) == 1 and metrics_mounts[0].get("readOnly") is True and
      metrics_mounts[0] not in token_mounts, metrics_token)
metrics_secret = volumes[metrics_mounts[0]["name"]]["secret"] if metrics_mounts else {}
check("the metrics token's Secret is readable by the drone only (mode 0400)", metrics_secret.get("defaultMode") == 0o400,
      metrics_secret)
annotations = ds["spec"]["template"]["metadata"].get("annotations", {})
check("the pod's prometheus.io annotations: scrape, the metrics port, https",
      annotations == {"prometheus.io/scrape": "true", "prometheus.io/port": str(metrics_port),
                      "prometheus.io/scheme": "https"}, annotations)

monitoring = {d["kind"]: d for d in yaml.safe_load_all((src / "installer/k8s/servicemonitor.yaml").read_text()) if d}
service, monitor = monitoring.get("Service", {}), monitoring.get("ServiceMonitor", {})
pod_labels = ds["spec"]["template"]["metadata"]["labels"]
check("the metrics Service selects the drone pods, port metrics",
      service.get("spec", {}).get("selector", {}).items() <= pod_labels.items() and
      [p.get("targetPort") for p in service["spec"].get("ports", [])] == ["metrics"], service.get("spec"))
check("the ServiceMonitor selects that Service",
      monitor.get("spec", {}).get("selector", {}).get("matchLabels", {}).items() <= service["metadata"]["labels"].items())
(endpoint,) = monitor["spec"]["endpoints"]
tls_secret = volumes[tls_mounts[0]["name"]]["secret"]["secretName"] if tls_mounts else None
check("the ServiceMonitor scrapes over verified TLS (the drones' CA) with the drones' metrics token",
      endpoint.get("port") == "metrics" and endpoint.get("scheme") == "https" and
      endpoint.get("bearerTokenSecret", {}).get("name") == metrics_secret.get("secretName") and
      endpoint.get("tlsConfig", {}).get("insecureSkipVerify") is False and
      endpoint["tlsConfig"].get("ca", {}).get("secret", {}).get("name") == tls_secret, endpoint)
check("every object in the DaemonSet's namespace (a ServiceMonitor reads Secrets of its own only)",
      {service["metadata"].get("namespace"), monitor["metadata"].get("namespace")} == {ds["metadata"]["namespace"]})

cf = (src / "installer/k8s/Containerfile").read_text()
instructions = [l for l in re.sub(r"\\\n", " ", cf).splitlines() if l.strip() and not l.lstrip().startswith("#")]
check("the image is Debian 12", instructions[0].split() == ["FROM", "debian:12"], instructions[0])
run = " ".join(l for l in instructions if l.startswith("RUN"))
check("the image installs the staccato-drone .deb with apt", re.search(r"apt-get install .*staccato-drone_\*\.deb", run) is not None)
check("the image has the CLI the probes call", re.search(r"apt-get install .*staccato-cli_\*\.deb", run) is not None)
check("the image holds no token (a shared image must not carry one)", "rm -f /etc/staccato/token" in run)
entry = [l for l in instructions if l.startswith("ENTRYPOINT")]
check(f"the entry point is the unit's program ({drone_path})", entry == [f'ENTRYPOINT ["{drone_path}"]'], entry)

role = yaml.safe_load((src / "installer/ansible/roles/staccato_drone/defaults/main.yml").read_text())
check("the Ansible role listens on the unix socket unless told (a network address is an opt-in with TLS)",
      role["staccato_listen"].startswith("unix:"), role["staccato_listen"])
check("the Ansible role serves no metrics unless told", role["staccato_metrics_listen"] == "", role["staccato_metrics_listen"])

if drone:
    # --help after the DaemonSet's arguments: the drone parses them all, then prints its usage.
    r = subprocess.run([drone, *args, "--help"], capture_output=True, text=True)
    check("the drone accepts the DaemonSet's arguments", r.returncode == 0, r.stderr.strip())

sys.exit(1 if failures else 0)
