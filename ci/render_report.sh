#!/usr/bin/env bash
# Renders md_report's HTML page in headless Chromium and checks that the screenshot is not blank:
# the proof that the page works in a real browser, offline, with nothing but the file.
#
#   bash ci/render_report.sh [--md-report BIN] [--out DIR] RUN.json [more md_report arguments]
#
# Writes DIR/report.html (md_report RUN.json ... -o DIR/report.html) and DIR/report.png (a
# 1280x2400 screenshot), then runs ci/png_check.py on the PNG. BIN defaults to the repository's
# build/compare/md_report, DIR to its results/render. Chromium is Debian's `chromium` (or
# $CHROMIUM).
#
# Exit status: 0 rendered and not blank, 1 blank or Chromium failed, 2 bad usage or md_report
# failed, 77 Chromium is not installed (ctest counts that as skipped).
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
}

# Paths given are relative to where the script is called from; its defaults to the repository.
root=$(cd "$(dirname "$0")/.." && pwd)
md_report=$root/build/compare/md_report
out=$root/results/render
args=()
while (($#)); do
  case $1 in
    --md-report)
      md_report=${2:?--md-report needs a path}
      shift 2
      ;;
    --out)
      out=${2:?--out needs a directory}
      shift 2
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *)
      args+=("$1")
      shift
      ;;
  esac
done
if ((${#args[@]} == 0)); then
  usage >&2
  exit 2
fi

chromium=${CHROMIUM:-}
if [ -z "$chromium" ]; then
  chromium=$(command -v chromium || command -v chromium-browser || true)
fi
if [ -z "$chromium" ] || [ ! -x "$chromium" ]; then
  echo "ci: render_report: skipped: Chromium is not installed (apt-get install chromium)"
  exit 77
fi
[ -x "$md_report" ] || {
  echo "ci: render_report: no md_report at $md_report (build it, or pass --md-report)" >&2
  exit 2
}

mkdir -p "$out"
html=$(cd "$out" && pwd)/report.html
png=$(cd "$out" && pwd)/report.png
rm -f "$html" "$png"
"$md_report" "${args[@]}" -o "$html" || {
  echo "ci: render_report: md_report failed" >&2
  exit 2
}

# A fresh profile per run, and every background fetch off, so nothing but the file is loaded.
# --no-sandbox: Chromium's sandbox refuses to start as root (CI containers run as root); the
# page is our own local file, so the sandbox guards nothing here.
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
if ! timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic \
  --no-first-run --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --window-size=1280,2400 --screenshot="$png" \
  "file://$html" >"$out/chromium.log" 2>&1; then
  tail -n 20 "$out/chromium.log" >&2
  echo "ci: render_report: Chromium failed; its output is in $out/chromium.log" >&2
  exit 1
fi
if [ ! -s "$png" ]; then
  tail -n 20 "$out/chromium.log" >&2
  echo "ci: render_report: Chromium wrote no screenshot" >&2
  exit 1
fi
# A rendered page has hundreds of colours (anti-aliased text and charts) and several percent of
# pixels off the background; a blank or failed one has neither.
/usr/bin/python3 "$root/ci/png_check.py" "$png" --min-colours 64 --min-ink 0.03
echo "ci: render_report: $html rendered to $png"
