#!/usr/bin/env bash
# The package as a user installs it (CI runs this): the wheel built from this checkout, installed (not
# editable) with the site's locked packages into a fresh venv, then used from an empty folder by
# scripts/smoke.py: the command line and the site make a game, adjudicate and draw the map. A file the
# wheel leaves out (a template, a map, a migration) fails here, where an editable install would not see it.
#   usage: scripts/smoke.sh   (the map's PNG needs fonts-dejavu-core: CI runs it under scripts/test-services.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
WORK=$(mktemp -d /tmp/sengoku-wheel.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

"$PY" -m venv "$WORK/venv"
PIP=("$WORK/venv/bin/python" -m pip --disable-pip-version-check --quiet)
"${PIP[@]}" install --no-compile --require-hashes -r requirements/site.txt 2> >(grep -v "^WARNING: Location" >&2)
# from a copy of the files git knows (tracked, or new and not ignored), as they are in the work tree: nothing
# else left in the checkout (a build/ folder from an earlier build) can get into the wheel
mkdir "$WORK/source"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -c | tar -x -C "$WORK/source"
"${PIP[@]}" wheel --no-deps --no-build-isolation -w "$WORK/dist" "$WORK/source"
wheel=$(ls "$WORK"/dist/sengoku-*.whl)
echo "smoke: built $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KiB)"
"${PIP[@]}" install --no-deps "$wheel"
"$WORK/venv/bin/python" scripts/smoke.py
