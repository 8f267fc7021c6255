#!/usr/bin/env bash
# piuparts installs staccato-drone and staccato-cli in a clean Debian 12 chroot (the mmdebstrap
# base of lib.sh, from this host's Debian mirrors), removes and purges them, and finds nothing
# left behind. Env: PACKAGES, PACKAGING_CACHE (see lib.sh).
source "$(dirname "$0")/lib.sh"
need_root "piuparts"
need_tool piuparts
ensure_base
mapfile -t sources < <(debian_sources)
main=${sources[0]#deb }  # "URI SUITE COMPONENTS"
args=(--basetgz="$BASE_TARBALL" --distribution=bookworm --mirror="${main%% *} ${main#* * }" --no-upgrade-test
      --tmpdir="$PKG_TMP" --log-file="$PKG_TMP/piuparts.log")
for s in "${sources[@]:1}"; do args+=(--extra-repo="$s"); done
if piuparts "${args[@]}" "$(deb_of staccato-drone)" "$(deb_of staccato-cli)" >/dev/null 2>&1; then
  grep -o "PASS: .*" "$PKG_TMP/piuparts.log" | sed "s/^/     /" || true
  ok "piuparts: $(grep -o 'PASS: .*' "$PKG_TMP/piuparts.log" | tail -1)"
else
  grep -E "FAIL|ERROR|^ +/" "$PKG_TMP/piuparts.log" | tail -40
  fail "piuparts (log above: the FAIL/ERROR lines and what was left behind)"
fi
