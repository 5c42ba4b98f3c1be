#!/usr/bin/env bash
# Regenerates the committed man page and shell completions from the command definitions.
#
#   man/fsfind.1   swift-argument-parser's generate-manual plugin writes the NAME, SYNOPSIS and
#                  DESCRIPTION (every subcommand and flag); the sections it cannot write (query
#                  language, $time, attributes, scopes, environment, files, exit status, examples)
#                  come from FSFindManual's ManualSections, rendered from the attribute registry.
#   completions/   `fsfind --generate-completion-script bash|zsh|fish`.
#
# Tests fail when any of these is stale (Tests/EndToEndTests/DocumentationSnapshotTests.swift).
# Completions and the registry sections can also be re-recorded with `FSFIND_RECORD=1 swift test`;
# the generated part of the man page needs this script, because only the plugin can write it.
set -euo pipefail
cd "$(dirname "$0")/.."
# The page's date is fixed so regenerating it changes nothing unless the commands changed.
MANUAL_DATE=2026-11-21

swift build
bin="$(swift build --show-bin-path)/fsfind"
swift package plugin --allow-writing-to-package-directory generate-manual \
    --configuration debug --date "$MANUAL_DATE" --authors "the fsfind authors"
base=.build/plugins/GenerateManual/outputs/fsfind/fsfind.1
hash="$("$bin" --experimental-dump-help | sha256sum | cut -d' ' -f1)"

mkdir -p man completions
# The generator writes discussions' blank lines as is; mdoc wants .Pp there. Its EXIT STATUS says
# only "0 or >0": ours replaces it, inside the markers the tests check.
awk -v hash="$hash" '
    NR == 1 { print; print ".\\\" dump-help-sha256: " hash; next }
    /^\.Sh "EXIT STATUS"/ { skipping = 1; print ".\\\" BEGIN ManualSections"; print ".\\\" END ManualSections"; next }
    skipping && /^\.Sh / { skipping = 0 }
    skipping { next }
    /^$/ { print ".Pp"; next }
    { print }
' "$base" > man/fsfind.1

"$bin" --generate-completion-script bash > completions/fsfind.bash
"$bin" --generate-completion-script zsh > completions/_fsfind
"$bin" --generate-completion-script fish > completions/fsfind.fish

# Fill the ManualSections block of the page from the registry.
FSFIND_RECORD=1 swift test --filter "registrySectionsOfManPageAreCurrent|completionScriptIsCurrent"
