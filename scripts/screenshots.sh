#!/usr/bin/env bash
# Screenshots of portal in a real sixel terminal: xterm emulating a VT340 (sixel
# graphics) under a virtual X server (Xvfb), driven by xdotool, captured by ImageMagick.
#
#   scripts/screenshots.sh OUT_DIR [PORTAL_FLAGS...]
#
# Writes OUT_DIR/grid.png (the characters grid with pictures on its cards) and
# OUT_DIR/detail.png (Rick's detail pane with his picture). PORTAL (default
# .build/debug/portal) and DATA (default ../shared/data) say what runs; COLUMNS_ and
# ROWS_ the terminal size (default 120 × 36); TERM_NAME the TERM xterm sets (default
# xterm-256color; TERM_NAME=xterm is xterm as it comes, 8 colours in terminfo); SHRINK=1 stores the PNGs in 256 colours (the
# README's, about 90 KB each). Extra arguments go to portal, e.g.
# `--pictures symbols` for the same screens in symbols. Needs Debian's xvfb, xterm,
# xdotool and imagemagick (the Makefile installs them).
set -euo pipefail

out=${1:?usage: scripts/screenshots.sh OUT_DIR [PORTAL_FLAGS...]}
shift
portal=${PORTAL:-.build/debug/portal}
data=${DATA:-../shared/data}
columns=${COLUMNS_:-120}
rows=${ROWS_:-36}

for tool in Xvfb xterm xdotool import; do
  command -v "$tool" >/dev/null || { echo "screenshots: $tool is missing (make deps installs it)" >&2; exit 77; }
done
[ -x "$portal" ] || { echo "screenshots: no $portal (build it first)" >&2; exit 1; }
mkdir -p "$out"
portal=$(cd "$(dirname "$portal")" && pwd)/$(basename "$portal")
data=$(cd "$data" && pwd)

# Xvfb picks a free display itself and names it on a pipe once it accepts connections
# (-displayfd): no guessed number that another X server may hold, no polling for readiness.
# SCREENSHOT_DISPLAY still forces a number.
fifo=$(mktemp -u)
mkfifo "$fifo"
if [ -n "${SCREENSHOT_DISPLAY:-}" ]; then
  Xvfb "$SCREENSHOT_DISPLAY" -screen 0 1600x1000x24 -nolisten tcp -displayfd 3 3>"$fifo" >/dev/null 2>&1 &
else
  Xvfb -screen 0 1600x1000x24 -nolisten tcp -displayfd 3 3>"$fifo" >/dev/null 2>&1 &
fi
xvfb=$!
cleanup() {
  [ -n "${term:-}" ] && kill "$term" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -f "$fifo"
}
trap cleanup EXIT
number=""
read -r -t 60 number <"$fifo" || true
[ -n "$number" ] || { echo "screenshots: Xvfb did not start" >&2; exit 1; }
export DISPLAY=:${number#:}

# A VT340 answers device attributes with 4 (sixel); 256 colour registers; DejaVu Sans
# Mono 9 pt with no border, so cells are 8 × 15 pixels from the window's corner.
cache=$(mktemp -d)
export PORTAL_ERR="$out/portal.err"
xterm -ti vt340 -tn "${TERM_NAME:-xterm-256color}" -geometry "${columns}x${rows}+0+0" -b 0 -fa 'DejaVu Sans Mono' -fs 9 \
  -xrm 'XTerm*numColorRegisters: 256' \
  -title portal-shot -e env -u COLUMNS -u LINES -u NO_COLOR XDG_CACHE_HOME="$cache" LANG=C.UTF-8 \
  sh -c '"$0" "$@" 2>"$PORTAL_ERR"' "$portal" --data "$data" "$@" &
term=$!
window=""
# xterm under load can take seconds to map its window: up to 60.
for _ in $(seq 600); do
  window=$(xdotool search --name portal-shot 2>/dev/null | head -1 || true)
  [ -n "$window" ] && break
  sleep 0.1
done
[ -n "$window" ] || { echo "screenshots: xterm did not start" >&2; exit 1; }

# Waits for the screen to be drawn rather than for a time: captures the window until it
# shows something (more than the blank window's background and cursor colours), differs
# from BEFORE (the previous screen), and then stays the same over six captures, about two
# seconds (pictures arrive after the text). Gives up after 60 s with the last capture,
# which the caller's check then judges.
settle() {
  local shot=$1 before=${2:-} last="" same=0 sum
  for _ in $(seq 240); do
    kill -0 "$term" 2>/dev/null || return 0
    import -window "$window" "$shot" 2>/dev/null || { sleep 0.25; continue; }
    if [ "$(convert "$shot" -format %k info: 2>/dev/null || echo 0)" -le 2 ]; then sleep 0.25; continue; fi
    sum=$(convert "$shot" rgba:- 2>/dev/null | md5sum | cut -d' ' -f1)
    if [ -n "$before" ] && [ "$sum" = "$before" ]; then sleep 0.25; continue; fi
    if [ "$sum" = "$last" ]; then
      same=$((same + 1))
      [ "$same" -ge 5 ] && { echo "$sum"; return 0; }
    else
      same=0
      last=$sum
    fi
    sleep 0.25
  done
  echo "$last"
}
grid=$(settle "$out/grid.png")
if ! kill -0 "$term" 2>/dev/null; then
  echo "screenshots: portal ended early: $(cat "$PORTAL_ERR" 2>/dev/null)" >&2
  exit 1
fi
# Keys through XTEST to the focused window (xterm ignores synthetic events).
xdotool windowfocus "$window" 2>/dev/null || true
xdotool mousemove --window "$window" 200 200 2>/dev/null || true
xdotool key Return
settle "$out/detail.png" "$grid" >/dev/null
if ! kill -0 "$term" 2>/dev/null; then
  echo "screenshots: portal ended early: $(cat "$PORTAL_ERR" 2>/dev/null)" >&2
  exit 1
fi
xdotool key q q
sleep 0.5
rm -rf "$cache" "$PORTAL_ERR"
if [ "${SHRINK:-0}" = 1 ]; then
  for name in grid detail; do convert "$out/$name.png" -colors 256 "PNG8:$out/$name.png"; done
fi
echo "screenshots: $out/grid.png $out/detail.png"
