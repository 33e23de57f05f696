#!/usr/bin/env bash
# Makes the metainfo's screenshots (data/screenshots/) from the real window:
# the application built in BUILD (default _build) starts under Xvfb with
# default settings and a home of its own, shows the sample game on first
# start, and its window is captured once it is on the screen.
#   build-aux/screenshots.sh [BUILD]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
build=$(cd "${1:-$top/_build}" && pwd)
out=$top/data/screenshots

if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s '-screen 0 1280x800x24' "$0" "$build"
fi

ninja -C "$build" src/app/djenon data/gschemas.compiled >/dev/null
tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home"
# Default settings, English, the fonts of a stock Debian desktop; the cairo
# renderer, as on a machine without a graphics card.
env HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_DATA_HOME="$tmp/home/.local/share" \
    XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state" \
    GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=none \
    LANGUAGE=C LANG=C.UTF-8 \
    meson devenv -C "$build" "$build/src/app/djenon" >"$tmp/log" 2>&1 &
pid=$!

# The window, once mapped (the sample game's players are its title).
window=
for _ in $(seq 600); do
  window=$(xwininfo -root -tree 2>/dev/null | awk '/Aminata Kon/ && / 1100x700/ { print $1; exit }')
  [ -n "$window" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$tmp/log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$window" ] || { echo "screenshots: the window did not appear" >&2; exit 1; }
# The first frames: the board's pictures are made on the first paint.
sleep 1
import -window "$window" "$out/main.png"
echo "screenshots: $out/main.png"
