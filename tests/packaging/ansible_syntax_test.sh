#!/usr/bin/env bash
# The sample playbook and the staccato_drone role pass ansible-playbook --syntax-check.
# Usage: ansible_syntax_test.sh SOURCE_DIR
set -euo pipefail
command -v ansible-playbook >/dev/null || { echo "SKIP: ansible-playbook is not installed (ansible-core)"; exit 77; }
cd "$1/installer/ansible"
ANSIBLE_ROLES_PATH=roles ANSIBLE_LOCAL_TEMP=$(mktemp -d) ansible-playbook -i inventory.ini site.yml --syntax-check
echo "ok   ansible-playbook --syntax-check site.yml"
