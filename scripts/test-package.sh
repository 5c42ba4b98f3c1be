#!/usr/bin/env bash
# `make test-package`: the Debian package as a user meets it (issue 44). Checks lintian, that
# debian/fsfind.dlopen names every library the sources load and the package that really installs
# it; installs the package with apt (its Recommends too, as apt does by default), indexes the
# sample tree, queries it, reads `man fsfind`, completes a command line in bash, zsh and fish;
# runs the installed fsfind with a recommended library hidden (poppler, then libexif) and checks
# that status names it; with FRESH_ROOT, installs it into a copy of a fresh Debian 12 too; removes
# the package and looks for anything it left.
#
# Usage (as root, from `make test-package`): test-package.sh PACKAGE.deb RUN_DEPS...
#
# Hiding a library: fsfind loads poppler with dlopen, which reads the loader's cache, so neither
# LD_LIBRARY_PATH nor LD_PRELOAD can take it away. The check runs in a private mount namespace
# (unshare --mount) in which an empty file is bind-mounted over the library's file: dlopen then
# finds the file and fails on it ("file too short"), exactly as a machine without the package
# fails to find it, and nothing outside the namespace sees the change.
set -uo pipefail
cd "$(dirname "$0")/.."
deb="$(realpath "$1")"
shift
run_deps=("$@")

passed=0
failed=0
ok() { echo "ok: $1"; passed=$((passed + 1)); }
not_ok() { echo "FAIL: $1" >&2; failed=$((failed + 1)); }
# check DESCRIPTION COMMAND...: the command's success is the check's.
check() {
    local description="$1"
    shift
    if "$@"; then ok "$description"; else not_ok "$description"; fi
}
# quietly LOG COMMAND...: COMMAND with its output appended to LOG.
quietly() {
    local log="$1"
    shift
    "$@" >>"$log" 2>&1
}
# has PATTERN TEXT, lacks PATTERN TEXT: whether TEXT has a line matching PATTERN (grep -E).
has() { grep -qE -- "$1" <<<"$2"; }
lacks() { ! grep -qE -- "$1" <<<"$2"; }
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}

if [ "$(id -u)" -ne 0 ]; then
    echo "test-package.sh installs a package and mounts over a library: run it as root" >&2
    exit 1
fi
if dpkg-query -W -f='${Status}' fsfind 2>/dev/null | grep -q 'install ok installed'; then
    echo "fsfind's package is installed already; remove it first (apt remove fsfind)" >&2
    exit 1
fi
# What the checks themselves use: man, the shells' completion systems.
bash scripts/install-deps.sh lintian man-db groff-base bash-completion zsh fish >/dev/null

work="$(mktemp -d /tmp/fsfind-package.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# --- The package itself -------------------------------------------------------------------------

check "lintian: no error or warning that debian/fsfind.lintian-overrides does not explain" \
    lintian --fail-on error,warning "$deb"

# Every soname the sources open, with the two that FFmpeg's headers number (their -dev link's
# SONAME), against debian/fsfind.dlopen; and each listed package really installs its soname.
triplet="$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
opened="$(grep -rhoE '"lib[A-Za-z0-9_+-]+(-[0-9.]+)?\.so\.[0-9][0-9a-z.]*"' Sources | tr -d '"' | sort -u)"
for dev in libavformat libswscale; do
    opened+=$'\n'"$(objdump -p "$(readlink -f "/usr/lib/$triplet/$dev.so")" | awk '/SONAME/ { print $2 }')"
done
listed="$(awk '!/^#/ && NF >= 3 && $2 != "-" { print $2 }' debian/fsfind.dlopen | sort -u)"
missing="$(comm -23 <(sort -u <<<"$opened") <(echo "$listed"))"
check "debian/fsfind.dlopen lists every library the sources open${missing:+ (not: $missing)}" [ -z "$missing" ]
wrong=""
while read -r field soname package _; do
    [ "$soname" = - ] && soname=""
    if [ -n "$soname" ]; then
        owner="$(dpkg -S "*/$triplet/$soname" 2>/dev/null | cut -d: -f1 | sort -u | paste -sd,)"
        [ "$owner" = "$package" ] || wrong+=" $soname:$package(owner:${owner:-none})"
    elif ! apt-cache show "$package" >/dev/null 2>&1; then
        wrong+=" $package"
    fi
done < <(grep -v '^#' debian/fsfind.dlopen | awk 'NF >= 3')
check "each library's package in debian/fsfind.dlopen is the one that installs it${wrong:+:$wrong}" [ -z "$wrong" ]

fields="$(dpkg-deb -f "$deb" Depends Recommends Suggests)"
for package in "${run_deps[@]}"; do
    grep -qw -- "$package" <<<"$fields" || not_ok "the package's fields name $package"
done
ok "the package's Depends, Recommends and Suggests name every library of the run set"

# --- Installed ----------------------------------------------------------------------------------

# What is on the machine before, to compare with what is left after removing the package.
snapshot() {
    find /usr /etc /lib /var/lib/systemd /opt -xdev 2>/dev/null | grep -v '^/var/lib/dpkg\|^/var/cache\|^/var/log' |
        sort
}
snapshot >"$work/before"
export DEBIAN_FRONTEND=noninteractive
check "apt-get install ./$(basename "$deb")" quietly "$work/apt.log" apt-get install -y -qq "$deb"
check "dpkg says fsfind is installed" bash -c "dpkg-query -W -f='\${Status}' fsfind | grep -q 'install ok installed'"
check "fsfind is /usr/bin/fsfind" [ "$(command -v fsfind)" = /usr/bin/fsfind ]
check "fsfind-reader is in /usr/libexec/fsfind" [ -x /usr/libexec/fsfind/fsfind-reader ]

# A user's session: the default index under a home of its own.
user_home="$work/home"
mkdir -p "$user_home"
as_user() { HOME="$user_home" XDG_DATA_HOME="$user_home/.local/share" "$@"; }
check "fsfind index sample" as_user fsfind index --quiet sample
check "the index is in the user's data folder" [ -f "$user_home/.local/share/fsfind/index.fsfind" ]
check "fsfind query paris finds intro-paris.mp3" has 'intro-paris.mp3$' "$(as_user fsfind query paris)"
check "the PDF's pages are read (poppler, a Recommends, was installed with the package)" \
    has 'pageCount *= *[1-9]' "$(as_user fsfind show --attr pageCount sample/Documents/paper.pdf 2>&1)"
check "fsfind status names no missing library" lacks 'Not installed' "$(as_user fsfind status 2>&1)"
check "man fsfind" bash -c "MANPAGER=cat MANWIDTH=80 man fsfind 2>/dev/null | grep -q 'InRange'"
check "bash completes 'fsfind que' to query" bash -c '
    source /usr/share/bash-completion/bash_completion
    _completion_loader fsfind
    COMP_WORDS=(fsfind que); COMP_CWORD=1; COMP_LINE="fsfind que"; COMP_POINT=${#COMP_LINE}
    $(complete -p fsfind | sed "s/.*-F \([^ ]*\) .*/\1/") fsfind que fsfind
    printf "%s\n" "${COMPREPLY[@]}" | grep -qx query'
check "fish completes 'fsfind que' to query" bash -c "fish -c 'complete -C \"fsfind que\"' | grep -q '^query'"
check "zsh finds _fsfind on its function path" \
    zsh -c 'for d in $fpath; do [[ -f $d/_fsfind ]] && exit 0; done; exit 1'
if command -v systemd-analyze >/dev/null; then
    check "systemd-analyze verify the serve unit" systemd-analyze verify /lib/systemd/system/fsfind-serve.service
fi
check "the serve unit is not enabled by installing" bash -c '! systemctl is-enabled fsfind-serve.service >/dev/null 2>&1'

# --- A recommended library hidden ---------------------------------------------------------------

# hidden LIBRARY COMMAND...: COMMAND in a mount namespace where LIBRARY's file is an empty file.
: >"$work/empty"
hidden() {
    local file
    file="$(readlink -f "/usr/lib/$triplet/$1")"
    shift
    unshare --mount bash -c 'mount --bind "$1" "$2" && shift 2 && "$@"' hide "$work/empty" "$file" "$@"
}
hidden_index="$work/hidden.fsfind"
check "fsfind index sample without poppler exits 0" \
    hidden libpoppler-glib.so.8 fsfind index --quiet --index "$hidden_index" sample
if hidden libpoppler-glib.so.8 python3 -c 'import ctypes; ctypes.CDLL("libpoppler-glib.so.8")' 2>/dev/null; then
    not_ok "poppler cannot be loaded in the namespace"
else
    ok "poppler cannot be loaded in the namespace"
fi
pdf="$(fsfind show --index "$hidden_index" sample/Documents/paper.pdf 2>&1)"
check "the PDF is indexed as a PDF" has '^kind += "PDF document"' "$pdf"
check "...without pages" lacks pageCount "$pdf"
check "fsfind show names the library and its package" \
    has 'libpoppler-glib\.so\.8 cannot be loaded; install the libpoppler-glib8 package' "$pdf"
check "fsfind status names it: Not installed: libpoppler-glib.so.8 … libpoppler-glib8" \
    has '^Not installed: +libpoppler-glib\.so\.8 \(1 file read without it\): install the libpoppler-glib8 package' \
    "$(fsfind status --index "$hidden_index" 2>&1)"
check "fsfind status --json lists it" \
    has '"missingLibraries":\[\{"library":"libpoppler-glib\.so\.8","package":"libpoppler-glib8","files":1\}\]' \
    "$(fsfind status --json --index "$hidden_index" 2>&1)"
check "the PDF is still found by its kind" has 'paper\.pdf$' \
    "$(fsfind query --index "$hidden_index" 'kind == "*PDF*"c')"

rm -f "$hidden_index"*
check "fsfind index sample without libexif exits 0" \
    hidden libexif.so.12 fsfind index --quiet --index "$hidden_index" sample
photo="$(fsfind show --index "$hidden_index" sample/Pictures/eiffel.jpg 2>&1)"
check "the photo keeps its size" has '^pixelWidth += 320' "$photo"
check "...and has no camera" lacks '^acquisitionMake' "$photo"
check "fsfind status names libexif12" has '^Not installed: +libexif\.so\.12 .*install the libexif12 package' \
    "$(fsfind status --index "$hidden_index" 2>&1)"

# --- On a fresh Debian 12 (FRESH_ROOT) -----------------------------------------------------------

# With FRESH_ROOT=DIR (a `debootstrap --variant=minbase bookworm DIR` tree, left unchanged), the
# package is installed with apt into a copy of it, once as apt does by default and once without
# Recommends, and used there: what it depends on must be enough to index and query, and what it
# recommends must be what the sample's files need.
fresh() {
    local recommends="$1" root="$work/fresh"
    rm -rf "$root"
    cp -a "$FRESH_ROOT" "$root"
    cp "$deb" "$root/tmp/fsfind.deb"
    cp -r sample "$root/tmp/sample"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
    chmod +x "$root/usr/sbin/policy-rc.d"
    mount -t proc proc "$root/proc"
    local flags=()
    [ "$recommends" = no ] && flags=(--no-install-recommends)
    check "fresh Debian, Recommends $recommends: apt-get install ./fsfind.deb" quietly "$work/apt.log" \
        chroot "$root" bash -c "apt-get update -qq && apt-get install -y -qq ${flags[*]} /tmp/fsfind.deb"
    check "fresh Debian, Recommends $recommends: fsfind index" \
        chroot "$root" fsfind index --quiet --index /tmp/index.fsfind /tmp/sample
    check "fresh Debian, Recommends $recommends: a query" has '^/tmp/sample/Music/intro-paris\.mp3$' \
        "$(chroot "$root" fsfind query --index /tmp/index.fsfind paris)"
    local status
    status="$(chroot "$root" fsfind status --index /tmp/index.fsfind 2>&1)"
    if [ "$recommends" = yes ]; then
        check "fresh Debian, Recommends yes: no library missing" lacks 'Not installed' "$status"
    else
        check "fresh Debian, Recommends no: status names FFmpeg and poppler" bash -c \
            "grep -q 'install the libavformat59 package' <<<\"\$1\" && grep -q 'install the libpoppler-glib8 package' <<<\"\$1\"" \
            _ "$status"
    fi
    umount "$root/proc"
    rm -rf "$root"
}
if [ -n "${FRESH_ROOT:-}" ]; then
    fresh yes
    fresh no
fi

# --- Removed ------------------------------------------------------------------------------------

contents="$(dpkg -L fsfind | sort)"
check "apt-get remove fsfind" quietly "$work/apt.log" apt-get remove -y -qq fsfind
left="$(while read -r path; do [ -f "$path" ] && echo "$path"; done <<<"$contents")"
check "no file of the package is left${left:+: $left}" [ -z "$left" ]
snapshot >"$work/after"
new="$(comm -13 "$work/before" "$work/after")"
# What apt installed with fsfind (its Recommends) stays, as after any `apt remove`; anything else
# new on the system is a leftover.
leftovers="$(grep -i fsfind <<<"$new" || true)"
check "nothing named fsfind is left in /usr, /etc, /lib, /var/lib/systemd, /opt${leftovers:+: $leftovers}" \
    [ -z "$leftovers" ]
check "dpkg keeps no record of fsfind after remove" bash -c \
    "! dpkg-query -W -f='\${Status}' fsfind 2>/dev/null | grep -qv 'not-installed'"
check "the user's own index is still there" [ -f "$user_home/.local/share/fsfind/index.fsfind" ]

finish
