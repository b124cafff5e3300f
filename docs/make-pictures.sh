#!/usr/bin/env bash
# Redraws the README's pictures: every line of docs/pictures.txt through
# the release build, then a PNG of the light false positive for places that
# cannot show SVG (rsvg-convert, from Debian's librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
while read -r name args; do
    case "$name" in '' | '#'*) continue ;; esac
    # The arguments are plain words, split on purpose.
    # shellcheck disable=SC2086
    target/release/bloomlab $args --out "docs/$name"
    echo "docs/$name"
done <docs/pictures.txt
rsvg-convert docs/lecture-false-positive-light.svg -o docs/lecture-false-positive-light.png
echo "docs/lecture-false-positive-light.png"
