#!/usr/bin/env bash
# The desktop window (`lectern run --window`) under Xvfb, as a person tries Lectern without a panel: the window
# shows the reader's first screen as headless draws it, a mouse click on the first row opens the article as the
# same tap played headless does (pixel for pixel, as the appliance test compares its screendumps), an idle
# window costs next to no CPU, and closing the window ends the run with status 0. Without a desktop, --window is
# one line and status 1. Every wait is for a condition, with a timeout.
# Usage: test-window.sh PATH/TO/lectern
set -uo pipefail
bin=$(realpath "${1:?usage: test-window.sh PATH/TO/lectern}")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
xvfb_pid="" lectern_pid=""
cleanup() {
  [ -n "$lectern_pid" ] && kill "$lectern_pid" 2>/dev/null
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  [ -n "${LECTERN_WINDOW_KEEP:-}" ] && mkdir -p "$LECTERN_WINDOW_KEEP" && cp "$work"/*.png "$work"/*.log "$LECTERN_WINDOW_KEEP"/ 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
test_name=window
. "$here/test-lib.sh"
same() { python3 "$here/png_compare.py" "$1" "$2" >/dev/null; }
differs() { ! same "$@"; }
until_true() {  # until_true SECONDS COMMAND...: runs COMMAND every 0.2 s until it succeeds, for at most SECONDS
  local deadline=$((SECONDS + $1)); shift
  until "$@"; do [ $SECONDS -ge "$deadline" ] && return 1; sleep 0.2; done
}

# No desktop: one line, status 1, nothing else touched.
env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$bin" run --window >"$work/none.out" 2>"$work/none.err"
status=$?
check "without a desktop --window exits 1" test "$status" -eq 1
check "... saying so in one line" test "$(wc -l <"$work/none.err")" -eq 1 -a "$(grep -c '^lectern: no desktop window: ' "$work/none.err")" -eq 1

# What the window must show, drawn headless over a state directory of its own (an empty store: the bundled
# samples), in the same time zone: the first screen (the tour's list) and the first row opened by a tap. The
# list has a header 56 pt tall, then rows 118 pt tall; at scale 1 points are pixels.
size=800x480 row_x=300 row_y=$((56 + 59))
printf '0 0 down %s %s\n80000 0 up\n' "$row_x" "$row_y" > "$work/tap-row.trace"
reference() { STATE_DIRECTORY="$work/$1" CONFIGURATION_DIRECTORY="$work/no-config" TZ=UTC "$bin" run --headless --size $size "${@:2}" >/dev/null; }
mkdir -p "$work/ref-first-state" "$work/ref-article-state" "$work/window-state"
reference ref-first-state --out "$work/ref-first" || { say "FAIL: the headless tour"; exit 1; }
reference ref-article-state --trace "$work/tap-row.trace" --out "$work/ref-article" || { say "FAIL: the headless trace"; exit 1; }
check "the tap changes the picture (so matching it means the click went through)" \
  differs "$work/ref-first/list.png" "$work/ref-article/reader.png"

# A virtual desktop on a display number Xvfb picks itself (-displayfd), so parallel runs do not collide.
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
until_true 30 grep -q '^[0-9]' "$work/display" || { say "FAIL: Xvfb did not start"; cat "$work/xvfb.log"; exit 1; }
export DISPLAY=":$(head -1 "$work/display")"
say "Xvfb on $DISPLAY"

STATE_DIRECTORY="$work/window-state" CONFIGURATION_DIRECTORY="$work/no-config" TZ=UTC \
  "$bin" run --window --size $size --exit-after 300 >"$work/lectern.log" 2>"$work/lectern.err" &
lectern_pid=$!
window=$(timeout 30 xdotool search --sync --name '^Lectern$' | head -1)
check "the window opens" test -n "$window"
[ -n "$window" ] || { cat "$work/lectern.err"; exit 1; }

shot() { xwd -silent -id "$window" -out "$work/$1.xwd" && python3 "$here/xwd_to_png.py" "$work/$1.xwd" "$work/$1.png"; }
# until_screen NAME PNG [SECONDS]: shoots the window as NAME until it is the same as PNG, for at most SECONDS
# (30); says how the last shot differs on failure.
until_screen() {
  local deadline=$((SECONDS + ${3:-30}))
  until shot "$1" && same "$work/$1.png" "$2"; do
    if [ $SECONDS -ge "$deadline" ]; then
      say "$1.png after ${3:-30} s: $(python3 "$here/png_compare.py" "$work/$1.png" "$2" 2>&1 | tail -1)"
      return 1
    fi
    sleep 0.3
  done
}
check "the window's first screen is the reader's list, as drawn headless" until_screen first "$work/ref-first/list.png"

# Idle (the list at rest, no mouse): the process must sleep, apart from looking at SDL's queue.
cpu() { awk '{print $14 + $15}' "/proc/$lectern_pid/stat"; }
ticks=$(getconf CLK_TCK) before=$(cpu)
sleep 5
used=$(( $(cpu) - before ))
say "idle window: $used of $((5 * ticks)) clock ticks of CPU in 5 s"
check "an idle window uses under 5 % of a core" test "$used" -lt $((5 * ticks / 20))

xdotool mousemove --window "$window" "$row_x" "$row_y" click 1
check "a click on the first row opens the article, as the same tap played headless" \
  until_screen article "$work/ref-article/reader.png"

# Closing the window as a window manager does (WM_DELETE_WINDOW; Xvfb has no window manager, so the message is
# sent directly) ends the run cleanly.
python3 - "$window" <<'PY'
import ctypes, ctypes.util, sys
x = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
x.XOpenDisplay.restype = ctypes.c_void_p
x.XInternAtom.restype = ctypes.c_ulong
x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
class ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5), ("pad", ctypes.c_long * 12)]
display = x.XOpenDisplay(None)
event = ClientMessage(type=33, display=display, window=int(sys.argv[1]), format=32,  # 33: ClientMessage
                      message_type=x.XInternAtom(display, b"WM_PROTOCOLS", 0))
event.data[0] = x.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
x.XSendEvent(display, int(sys.argv[1]), 0, 0, ctypes.byref(event))
x.XCloseDisplay.argtypes = [ctypes.c_void_p]
x.XCloseDisplay(display)
PY
gone() { ! kill -0 "$lectern_pid" 2>/dev/null; }
check "closing the window ends the run" until_true 30 gone
wait "$lectern_pid"
status=$?
lectern_pid=""
check "... with status 0" test "$status" -eq 0
check "... having said nothing on stderr" test ! -s "$work/lectern.err"
[ -s "$work/lectern.err" ] && sed 's/^/  | /' "$work/lectern.err"

summary
