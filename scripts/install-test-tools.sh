#!/usr/bin/env bash
# Installs the Debian packages the slow test tier needs; the tests that need one call this script
# (test/system-tools.ts), so `npm test` runs apt-get only when something is missing. Idempotent.
#
#   install-test-tools.sh              every package below
#   install-test-tools.sh NAME ...     only these (each must be listed below)
#
#   python3-jsonschema   Python's jsonschema, the third validator of the portability test
#   python3-rfc3987      lets that jsonschema check the `uri` format
#   chromium             the headless browser the docs tests drive
#   python3-build python3-wheel python3-setuptools python3-venv
#                        build the Python package's wheel and sdist offline and install it into a
#                        virtual environment (test/python/package.slow.test.ts)
#   mypy                 type-checks the generated TypedDicts and a usage file
#   python3-pydantic     checks that a generated TypedDict works with pydantic
#
# A busy package manager (another apt-get or dpkg holding its lock) is waited for, up to
# BINDU_APT_WAIT seconds (default 900), never taken as a failure. To add a tool, add it to PACKAGES.
set -euo pipefail

PACKAGES=(
  python3-jsonschema
  python3-rfc3987
  chromium
  python3-build
  python3-wheel
  python3-setuptools
  python3-venv
  mypy
  python3-pydantic
)

wanted=("$@")
[ "${#wanted[@]}" -gt 0 ] || wanted=("${PACKAGES[@]}")
for package in "${wanted[@]}"; do
  if [[ " ${PACKAGES[*]} " != *" $package "* ]]; then
    echo "install-test-tools: $package is not a package of this script (add it to PACKAGES)" >&2
    exit 2
  fi
done

installed() {
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = "installed" ]
}

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for package in "${wanted[@]}"; do
    installed "$package" || missing+=("$package")
  done
else
  missing=("${wanted[@]}")
fi

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-test-tools: ${wanted[*]} already installed"
  exit 0
fi

# Without apt (not Debian) or root, say what is missing: the tests that need it fail with their own message.
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-test-tools: missing Debian packages: ${missing[*]}; apt-get is not available here, install them by hand" >&2
  exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-test-tools: missing Debian packages: ${missing[*]}; installing them needs root, and there is no sudo" >&2
    exit 1
  fi
  sudo=(sudo)
fi

# apt-get, retried while another process holds the package manager's lock (its message names the lock).
deadline=$((SECONDS + ${BINDU_APT_WAIT:-900}))
apt() {
  local log
  log=$(mktemp)
  while true; do
    if "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=60 "$@" >"$log" 2>&1; then
      rm -f "$log"
      return 0
    fi
    if grep -qiE 'could not get lock|unable to lock|is another process using it' "$log" && [ "$SECONDS" -lt "$deadline" ]; then
      echo "install-test-tools: the package manager is busy; waiting" >&2
      sleep 5
      continue
    fi
    tail -20 "$log" >&2
    rm -f "$log"
    return 1
  done
}

echo "install-test-tools: installing ${missing[*]}"
apt update -qq
apt install -y -qq --no-install-recommends "${missing[@]}"
