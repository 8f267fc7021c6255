#!/usr/bin/env bash
# Builds the Debian packages (debian/) in one command: installs what the build needs, builds
# staccato-drone, staccato-cli, staccato, python3-staccato and their -dbgsym packages from a
# copy of this tree (dpkg-buildpackage writes next to the source, which must not be the
# repository's parent), puts them in OUTPUT_DIR and checks them with lintian.
# Usage: installer/package.sh [OUTPUT_DIR]      (default build/packages)
# Env: DEB_BUILD_OPTIONS (default "nocheck parallel=<cores>"); LINTIAN=0 skips lintian.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$src/build/packages}")
"$src/installer/install-deps.sh" --packaging >&2

version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
# A fixed path: the compiler cache recognises the objects of the last package build.
stage=$src/build/package-build
tree=$stage/staccato-$version
rm -rf "$stage"
mkdir -p "$tree" "$out"
tar -C "$src" --exclude=./build --exclude=./.git --exclude='./obj-*' --exclude=./.cache -cf - . | tar -C "$tree" -xf -

export DEB_BUILD_OPTIONS=${DEB_BUILD_OPTIONS:-"nocheck parallel=$(nproc)"}
echo "package.sh: building $version in $tree (DEB_BUILD_OPTIONS=$DEB_BUILD_OPTIONS)" >&2
# The distribution's tools only: a python3 of pyenv or a venv first on PATH would build the Python
# package for an interpreter the packages do not depend on.
(cd "$tree" && PATH=/usr/sbin:/usr/bin:/sbin:/bin dpkg-buildpackage -us -uc -b)

rm -f "$out"/*_"$version"_*.deb "$out"/staccato_"$version"_*.changes "$out"/staccato_"$version"_*.buildinfo
mv "$stage"/*_"$version"_*.deb "$stage"/staccato_"$version"_*.changes "$stage"/staccato_"$version"_*.buildinfo "$out"/
echo "package.sh: packages in $out:" >&2
(cd "$out" && ls -1 *_"$version"_*.deb) >&2

if [[ ${LINTIAN:-1} != 0 ]]; then
  # Errors and warnings fail; any override is justified in its debian/*.lintian-overrides.
  lintian --fail-on error,warning "$out"/staccato_"$version"_*.changes
  echo "package.sh: lintian: no errors or warnings" >&2
fi
