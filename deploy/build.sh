#!/usr/bin/env bash
# Builds Croupier and lays out the files of its image under OUT, as the Dockerfile's build stage
# does (it runs this script). No Docker engine runs on the machines Croupier is developed and
# tested on, so CI (.ci/run) runs this same script outside Docker, checks what it laid out and
# runs the laid-out binary.
#
#   deploy/build.sh --out DIR [--profile release|dev]
#
# OUT gets:
#   usr/local/bin/croupier              the binary (its fonts are compiled in: assets/fonts)
#   usr/share/croupier/data/            the card and rules data (CROUPIER_DATA)
#   usr/share/doc/croupier/             README, .env.example and the fonts' licences
set -euo pipefail
cd "$(dirname "$0")/.."

out=""
profile="release"
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="${2:?--out needs a folder}"; shift 2 ;;
        --profile) profile="${2:?--profile needs release or dev}"; shift 2 ;;
        *) echo "deploy/build.sh: unknown argument $1 (use --out DIR [--profile release|dev])" >&2; exit 2 ;;
    esac
done
if [ -z "$out" ]; then
    echo "deploy/build.sh: --out DIR is required" >&2
    exit 2
fi
case "$profile" in
    release) dir=release ;;
    dev) dir=debug ;;
    *) echo "deploy/build.sh: --profile must be release or dev, not $profile" >&2; exit 2 ;;
esac

cargo build --locked --profile "$profile" --bin croupier
target="${CARGO_TARGET_DIR:-target}"

rm -rf "$out"
install -d "$out/usr/local/bin" "$out/usr/share/croupier" "$out/usr/share/doc/croupier"
install -m 0755 "$target/$dir/croupier" "$out/usr/local/bin/croupier"
cp -R data "$out/usr/share/croupier/data"
doc="$out/usr/share/doc/croupier"
install -m 0644 README.md .env.example assets/fonts/LICENSE-* "$doc/"
install -m 0644 assets/fonts/README.md "$doc/fonts-README.md"

# The laid-out binary reads the laid-out data: what the image will run.
"$out/usr/local/bin/croupier" check-data "$out/usr/share/croupier/data"
echo "deploy/build.sh: laid out in $out"
