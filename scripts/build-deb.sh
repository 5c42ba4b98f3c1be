#!/usr/bin/env bash
# `make deb`: fsfind_VERSION_ARCH.deb beside the Makefile, from debian/ with dpkg-buildpackage
# (debhelper does the rest: debian/rules). Usage: build-deb.sh SCRATCH VERSION BUILD_DEPS...
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="$1" version="$2"
shift 2

# The Makefile's build set and debian/control's Build-Depends are one list written twice; and the
# package's version is the one `fsfind --version` prints.
declared="$(sed -n '/^Build-Depends:/,/^[A-Z]/p' debian/control | sed '$d; s/^Build-Depends://' \
    | tr ',' '\n' | sed 's/([^)]*)//; s/[[:space:]]//g' | grep -v '^debhelper-compat$' | grep . | sort)"
wanted="$(printf '%s\n' "$@" | sort)"
if [ "$declared" != "$wanted" ]; then
    echo "debian/control's Build-Depends and the Makefile's BUILD_DEPS differ:" >&2
    diff <(echo "$declared") <(echo "$wanted") >&2 || true
    exit 1
fi
changelog="$(dpkg-parsechangelog -S Version)"
if [ "$changelog" != "$version" ]; then
    echo "debian/changelog says $changelog, Sources/FSFindModel/Version.swift says $version" >&2
    exit 1
fi

# Binary only (no source package). dpkg-genchanges finds the .buildinfo beside the .deb, so both
# are written here and then moved into the build folder, out of the way (dpkg-buildpackage would
# otherwise write all three into the parent folder).
out="$scratch/deb"
mkdir -p "$out"
base="fsfind_${version}_$(dpkg --print-architecture)"
SCRATCH="$scratch" dpkg-buildpackage --build=binary --no-sign \
    --buildinfo-option="-u$PWD" --changes-option="-u$PWD" \
    --buildinfo-file="$base.buildinfo" --changes-file="$base.changes"
mv "$base.buildinfo" "$base.changes" "$out/"
ls -l "$base.deb"
