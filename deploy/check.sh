#!/usr/bin/env bash
# Checks deploy/ without a Docker engine (none runs on Croupier's development and CI machines):
#   1. runs deploy/build.sh, the Dockerfile's build step, outside Docker and checks the files it
#      lays out (the binary, the data, the documents) and that the laid-out binary plays a roll
#      on the laid-out data, as the image would;
#   2. checks that the Dockerfile runs that script and copies what it lays out, as a non-root user;
#   3. `systemd-analyze verify` on the systemd unit (any warning fails), skipped with the reason
#      when systemd-analyze cannot verify here;
#   4. parses compose.yaml (when Python's yaml module is there) and checks its two services.
#
#   deploy/check.sh [--profile dev|release]     (.ci/run uses dev: the build it already has)
set -euo pipefail
cd "$(dirname "$0")/.."
profile=release
case "${1:-}" in
    "") ;;
    --profile) profile="${2:?--profile needs dev or release}" ;;
    *) echo "deploy/check.sh: unknown argument $1 (use --profile dev|release)" >&2; exit 2 ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out="$work/image"

echo "-- build.sh --profile $profile"
deploy/build.sh --out "$out" --profile "$profile"
for f in usr/local/bin/croupier usr/share/croupier/data/README.md usr/share/doc/croupier/README.md \
         usr/share/doc/croupier/.env.example usr/share/doc/croupier/LICENSE-DejaVu.txt \
         usr/share/doc/croupier/LICENSE-NotoSansCJK.txt; do
    [ -e "$out/$f" ] || { echo "deploy: build.sh did not lay out $f" >&2; exit 1; }
done
for game in nobi nightwizard nakama ninja; do
    [ -d "$out/usr/share/croupier/data/$game" ] || { echo "deploy: no data for $game" >&2; exit 1; }
done
played=$(cd "$work" && printf 'alice: /roll expr:2d6+3\n' \
    | CROUPIER_DATA="$out/usr/share/croupier/data" CROUPIER_DB="$work/db/croupier.db" \
      "$out/usr/local/bin/croupier" console --seed 1)
case "$played" in
    *"→ everyone]"*"rolls 2d6+3"*) ;;
    *) echo "deploy: the laid-out binary did not play a roll:" >&2; echo "$played" >&2; exit 1 ;;
esac

echo "-- Dockerfile"
grep -q '^RUN deploy/build.sh --out /out$' deploy/Dockerfile \
    || { echo "deploy: the Dockerfile's build stage does not run deploy/build.sh --out /out" >&2; exit 1; }
grep -q '^COPY --from=build /out/ /$' deploy/Dockerfile \
    || { echo "deploy: the Dockerfile does not copy what build.sh laid out" >&2; exit 1; }
grep -q '^USER croupier' deploy/Dockerfile \
    || { echo "deploy: the Dockerfile does not run as the croupier user" >&2; exit 1; }
[ "$(grep -c '^FROM ' deploy/Dockerfile)" -ge 2 ] \
    || { echo "deploy: the Dockerfile is not multi-stage" >&2; exit 1; }
for never in target/ .env '*.db'; do
    grep -qxF "$never" .dockerignore \
        || { echo "deploy: .dockerignore does not keep $never out of the image" >&2; exit 1; }
done

echo "-- systemd unit"
if ! command -v systemd-analyze >/dev/null; then
    echo "skipped: systemd-analyze is not installed here"
else
    # A known-good unit first: if even that does not verify cleanly, this sandbox cannot verify.
    printf '[Service]\nType=exec\nExecStart=%s\n' "$out/usr/local/bin/croupier" > "$work/probe.service"
    if ! probe=$(cd "$work" && systemd-analyze verify ./probe.service 2>&1) || [ -n "$probe" ]; then
        echo "skipped: systemd-analyze verify does not work in this sandbox: $probe"
    else
        # ExecStart must name an executable file: point it at the laid-out binary.
        sed "s#/usr/local/bin/croupier#$out/usr/local/bin/croupier#" deploy/croupier.service \
            > "$work/croupier.service"
        if ! said=$(cd "$work" && systemd-analyze verify ./croupier.service 2>&1) || [ -n "$said" ]; then
            echo "deploy: systemd-analyze verify deploy/croupier.service:" >&2
            echo "$said" >&2
            exit 1
        fi
        echo "systemd-analyze verify: clean"
    fi
fi

echo "-- compose.yaml"
if python3 -c 'import yaml' 2>/dev/null; then
    python3 - deploy/compose.yaml <<'PY'
import sys, yaml
c = yaml.safe_load(open(sys.argv[1]))
services = c["services"]
assert set(services) == {"bot", "postgres"}, services
assert services["bot"]["build"]["dockerfile"] == "deploy/Dockerfile"
assert services["postgres"]["image"].startswith("postgres:")
print("compose.yaml: bot and postgres")
PY
else
    echo "skipped: Python's yaml module is not installed here"
fi
echo "deploy: checked"
