#!/usr/bin/env bash
# Installs the Debian packages the test suite needs (npm runs this as `pretest`). Idempotent: it
# installs only what is missing, and runs `apt-get update` only when something is.
#
#   python3-jsonschema   Python's jsonschema, the third validator of test/portability.test.ts
#                        (run as /usr/bin/python3 scripts/check_python_jsonschema.py)
#   python3-rfc3987      lets that jsonschema check the `uri` format
#   chromium             the headless browser the docs tests drive
#   python3-build python3-wheel python3-setuptools python3-venv
#                        build the Python package's wheel and sdist offline and install it into a
#                        virtual environment (test/python/package.slow.test.ts)
#   mypy                 type-checks the generated TypedDicts and a usage file
#   python3-pydantic     checks that a generated TypedDict works with pydantic
#
# When another apt or dpkg holds the lock, this waits for it (and retries), rather than failing.
# Debian 12 has no package of rfc3339-validator, which jsonschema needs to check `date-time`;
# scripts/check_python_jsonschema.py then checks `date-time` itself (see the script).
#
# To add a tool, add its Debian package name to PACKAGES.
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

installed() {
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = "installed" ]
}

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for package in "${PACKAGES[@]}"; do
    installed "$package" || missing+=("$package")
  done
else
  missing=("${PACKAGES[@]}")
fi

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-test-tools: ${PACKAGES[*]} already installed"
  exit 0
fi

# Without apt (not Debian) or root, say what is missing and let the tests run: those that need a
# missing tool fail with their own message (test/portability.test.ts accepts BINDU_PYTHON, a
# Python with jsonschema and rfc3987).
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-test-tools: WARNING: missing Debian packages: ${missing[*]}" >&2
  echo "install-test-tools: apt-get is not available here; install them (or their equivalents) by hand" >&2
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
  else
    echo "install-test-tools: WARNING: missing Debian packages: ${missing[*]}; installing them needs root, and there is no sudo" >&2
    exit 0
  fi
fi

echo "install-test-tools: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# apt waits up to ten minutes for the dpkg lock; a failure (the lists lock busy, say) is retried.
apt_get() {
  local attempt
  for attempt in 1 2 3 4 5 6 7 8 9 10; do
    if "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 "$@"; then
      return 0
    fi
    echo "install-test-tools: apt-get $1 failed (attempt $attempt; another apt may hold the lock); retrying in 15 s" >&2
    sleep 15
  done
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 "$@"
}
apt_get update -qq
apt_get install -y -qq --no-install-recommends "${missing[@]}"
