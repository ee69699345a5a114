#!/usr/bin/env bash
# Makes (or reuses) a Python virtual environment for one set of pinned PyPI packages and prints its
# python's path on stdout. The tests and benches that need Python packages from PyPI call this
# (test/system-tools.ts: needPythonVenv); nothing else installs them.
#
#   python-venv.sh SET      SET names scripts/python-venv/SET.txt, a pip requirements file with every
#                           package pinned (==). Its first line may be `# python>=3.12`: the venv is then
#                           made with the first interpreter found at that version or later (python3.N on
#                           PATH, then pyenv's versions), else with python3.
#
# The venv is .venv/SET in the checkout (ignored by git). It is reused while the pins file and the
# interpreter are the same (a stamp holds their digest), and made anew otherwise. Two runs for the
# same set wait for each other (flock), so parallel tests never install into one venv at once.
# Messages go to stderr; exit 1 when no suitable interpreter exists or pip fails (pip's last lines).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
set_name="${1:-}"
pins="$root/scripts/python-venv/$set_name.txt"
if [ -z "$set_name" ] || [ ! -f "$pins" ]; then
  echo "python-venv: usage: python-venv.sh SET, with SET one of: $(cd "$root/scripts/python-venv" && ls -- *.txt | sed 's/\.txt$//' | tr '\n' ' ')" >&2
  exit 2
fi

# The interpreter: the first line's floor, if any.
floor="$(sed -n '1s/^# *python>=\([0-9]*\.[0-9]*\).*/\1/p' "$pins")"
version_ok() {
  "$1" -c "import sys; want = tuple(int(x) for x in '$2'.split('.')); sys.exit(0 if sys.version_info[:2] >= want else 1)" 2>/dev/null
}
python=""
if [ -n "$floor" ]; then
  minor="${floor#*.}"
  for candidate in $(for m in $(seq "$minor" 20); do echo "python3.$m"; done) \
    $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.*/bin/python3 2>/dev/null | sort -V); do
    path="$(command -v "$candidate" 2>/dev/null || true)"
    [ -n "$path" ] || continue
    # pyenv's shims answer for versions that are not active; ask the interpreter itself.
    if version_ok "$path" "$floor" && "$path" -m venv --help >/dev/null 2>&1; then
      python="$path"
      break
    fi
  done
  if [ -z "$python" ]; then
    echo "python-venv: $set_name needs Python $floor or later, and none was found (python3.N on PATH, pyenv's versions)" >&2
    exit 1
  fi
else
  python="$(command -v python3)"
fi

venv="$root/.venv/$set_name"
mkdir -p "$root/.venv"
exec 9>"$root/.venv/$set_name.lock"
flock 9

stamp="$( (cat "$pins"; "$python" -c 'import sys; print(sys.version)'; echo "$python") | sha256sum | cut -d' ' -f1)"
if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.pins-sha256" 2>/dev/null)" = "$stamp" ]; then
  echo "$venv/bin/python"
  exit 0
fi

echo "python-venv: making .venv/$set_name with $("$python" --version 2>&1) from scripts/python-venv/$set_name.txt" >&2
rm -rf "$venv"
"$python" -m venv "$venv"
log="$(mktemp)"
if ! "$venv/bin/python" -m pip install --disable-pip-version-check --no-input -q -r "$pins" >"$log" 2>&1; then
  tail -20 "$log" >&2
  rm -f "$log"
  rm -rf "$venv"
  echo "python-venv: pip could not install scripts/python-venv/$set_name.txt" >&2
  exit 1
fi
rm -f "$log"
echo "$stamp" >"$venv/.pins-sha256"
echo "$venv/bin/python"
