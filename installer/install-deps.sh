#!/usr/bin/env bash
# Installs the Debian 12 packages Staccato needs to build, run and test.
# Idempotent: packages already present are skipped; safe to run many times.
# Usage: installer/install-deps.sh [--runtime-only]
set -euo pipefail

build_pkgs=(
  build-essential cmake ninja-build ccache pkg-config git
  qt6-base-dev qt6-charts-dev libqt6charts6-dev libqt6svg6-dev libqt6opengl6-dev qt6-base-dev-tools libgl-dev
  libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
  libpcap-dev libxdp-dev libbpf-dev libelf-dev zlib1g-dev
  clang llvm libclang-rt-14-dev
  libgtest-dev libgmock-dev
)
runtime_pkgs=(
  tshark tcpdump iproute2 iputils-ping ethtool netsniff-ng xdp-tools libcap2-bin systemd
  python3-scapy xvfb imagemagick python3-venv python3-pip
  libqt6charts6 libqt6widgets6 fonts-dejavu-core
)

want=("${runtime_pkgs[@]}")
[[ "${1:-}" == "--runtime-only" ]] || want+=("${build_pkgs[@]}")

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#want[@]} packages present"
  exit 0
fi

if [[ $EUID -ne 0 ]]; then
  SUDO=sudo
else
  SUDO=
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# tshark asks whether non-root users may capture; answer "no" without a prompt.
echo "wireshark-common wireshark-common/install-setuid boolean false" | $SUDO debconf-set-selections
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
