#!/usr/bin/env bash
# docs/protocols.md is generated from the registry; fail when it drifts.
set -euo pipefail
cli=$1; doc=$2
if ! diff -u "$doc" <("$cli" protocols --markdown); then
  echo "docs/protocols.md is out of date: run 'staccato-cli protocols --markdown > docs/protocols.md'"
  exit 1
fi
