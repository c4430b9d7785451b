#!/usr/bin/env bash
# Fuzzes one target with libFuzzer under AddressSanitizer. Usage: scripts/fuzz.sh [--seeds-only] TARGET SECONDS
#   jpeg, png, webp, gif  one image decoder, past the header check (Fuzz/Images/TARGET.swift)
#   any                   the public image decode path
#   blocks                HTML to article blocks: ArticleBlocks.make, the feed sanitiser (Fuzz/Blocks/blocks.swift),
#                         mutated with the tags in Fuzz/Blocks/html.dict (as is layout)
#   feed                  bytes as a fetched feed through the whole parse, FeedParser.parse (Fuzz/Feed/feed.swift)
#   admin                 `lectern admin`'s request handlers after HTTP parsing: method, path, headers and a body
#                         (JSON, OPML) through AdminRouter over an in-memory store (Fuzz/Admin/admin.swift)
#   layout                those blocks set by the reader's article page, ArticleBody, narrow and wide, its first
#                         screen drawn (Fuzz/Layout/layout.swift)
# New inputs go to .build/fuzz/corpus-TARGET (the seeds in Fuzz/*/corpus stay as committed), crashes to
# .build/fuzz/crashes-TARGET/. With --seeds-only the run starts from the committed seeds alone and keeps what it
# finds in a scratch .build/fuzz/short-TARGET emptied first, so a short round in `make test` is the same every
# time. Extra arguments after SECONDS go to libFuzzer (e.g. -dict=FILE, -runs=N); .build/fuzz/fuzz-TARGET
# CRASHFILE replays a crash.
#
# How the targets are built, and why not with `swift build`: SwiftPM cannot add -sanitize=fuzzer to some modules
# only, and a whole Reader target would drag in Platform (DRM, libinput), SQLite and swift-log. So each module a
# target needs is compiled here with swiftc into a static library under .build/fuzz, rebuilt only when one of
# its sources (or this script) is newer, and the harness is linked against them:
#   - Raster and System are built plain: Raster only holds the surfaces, and its pixel loops would slow every
#     run; System only wraps system calls.
#   - Codecs, Feeds, Text and Widgets, the code that reads untrusted bytes and text, are built with
#     -sanitize=fuzzer,address: coverage guides the fuzzer through them and ASan checks their memory. Feeds is
#     built with -enable-testing so the blocks harness can check its internal rules with @testable import.
#   - The Reader target cannot be compiled whole, so the layout harness is compiled into a module named Reader
#     together with the real Reader/Article files the article page is made of (listed below, never copied).
# -O keeps every bounds and overflow check; the sanitizers add address checks on top.
set -euo pipefail
seeds_only=
if [ "${1:-}" = --seeds-only ]; then seeds_only=1; shift; fi
usage="usage: scripts/fuzz.sh [--seeds-only] jpeg|png|webp|gif|any|blocks|feed|admin|layout SECONDS [libFuzzer arguments]"
target=${1:?$usage}
seconds=${2:?$usage}
shift 2
cd "$(dirname "$0")/.."
self=scripts/fuzz.sh

out=.build/fuzz
mkdir -p "$out"
fuzz_flags=(-O -sanitize=fuzzer,address)

# The include flags of the C libraries the module maps name, as -Xcc flags for swiftc.
xcc() { local flag; for flag in $(pkg-config --cflags "$@"); do printf -- '-Xcc\n%s\n' "$flag"; done; }
mapfile -t image_xcc < <(xcc libjpeg libpng libwebpmux)
mapfile -t feeds_xcc < <(xcc libxml-2.0 libcurl sqlite3)
mapfile -t text_xcc < <(xcc freetype2 harfbuzz libqrencode)
mapfile -t admin_xcc < <(xcc libmicrohttpd)
# giflib has no pkg-config file.
image_libs="$(pkg-config --libs libjpeg libpng libwebpmux) -lwebp -lgif"
feeds_libs=$(pkg-config --libs libxml-2.0 libcurl sqlite3)
text_libs=$(pkg-config --libs freetype2 harfbuzz libqrencode)
admin_libs=$(pkg-config --libs libmicrohttpd)
modules=(-I "$out")
for map in CJPEG CPNG CWebP CGIF CXML2 CCurl CSQLite CLinux CFreeType CHarfBuzz CQRencode CPrefetch CMicroHTTPD; do
  modules+=(-I "Sources/$map")
done

# stale OUTPUT INPUT...: true when OUTPUT is missing or older than any of the inputs (files or folders) or this script.
stale() {
  local output=$1; shift
  [ ! -e "$output" ] || [ -n "$(find "$@" "$self" -newer "$output" -print -quit)" ]
}

# swiftc without gold's warnings, one for each of ASan's local helper symbols, which say nothing.
quiet_swiftc() { swiftc "$@" 2> >(grep -v 'Cannot export local symbol' >&2); }

# library NAME [swiftc flags...]: builds Sources/NAME into $out/libNAME.a and its module, when stale.
library() {
  local name=$1; shift
  if stale "$out/lib$name.a" "Sources/$name"; then
    echo "fuzz.sh: building $name" >&2
    # Made anew: swiftc adds to an archive already there, so the object of a source file since removed would
    # stay in it and clash with the file its code moved to.
    rm -f "$out/lib$name.a"
    local sources
    mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
    quiet_swiftc -parse-as-library -module-name "$name" -emit-library -static -emit-module \
      -emit-module-path "$out/$name.swiftmodule" -o "$out/lib$name.a" "${modules[@]}" "$@" "${sources[@]}"
  fi
}

# harness MODULE "LIBRARIES" "C-LIBRARY-FLAGS" SOURCES...: compiles and links the fuzzer binary when stale. The
# libraries (names of the ones built above, dependents first, as a static link wants them) count as inputs.
harness() {
  local module=$1 libraries=$2 clibs=$3 name inputs=() link=(); shift 3
  for name in $libraries; do inputs+=("$out/lib$name.a"); link+=("-l$name"); done
  if stale "$out/fuzz-$target" "$@" "${inputs[@]}"; then
    echo "fuzz.sh: building fuzz-$target" >&2
    # $clibs is word-split on purpose: pkg-config's flags.
    # shellcheck disable=SC2086
    quiet_swiftc "${fuzz_flags[@]}" -parse-as-library -module-name "$module" -o "$out/fuzz-$target" \
      "${modules[@]}" "${image_xcc[@]}" "${feeds_xcc[@]}" "${text_xcc[@]}" -L "$out" "${link[@]}" $clibs "$@"
  fi
}

case $target in
  jpeg|png|webp|gif|any)
    library Raster -O "${image_xcc[@]}"
    # The decoders are compiled into one module with the harness, which calls their internal entry points.
    harness Codecs Raster "$image_libs" Sources/Codecs/*.swift Fuzz/Images/Support.swift "Fuzz/Images/$target.swift"
    if [ "$target" = any ]; then seeds=(Fuzz/Images/corpus/*); else seeds=("Fuzz/Images/corpus/$target"); fi
    ;;
  blocks)
    library System -O
    library Feeds "${fuzz_flags[@]}" -enable-testing "${feeds_xcc[@]}"
    harness FuzzBlocks "Feeds System" "$feeds_libs" Fuzz/Support/Check.swift Fuzz/Blocks/blocks.swift
    seeds=(Fuzz/Blocks/corpus)
    dictionary=Fuzz/Blocks/html.dict
    ;;
  feed)
    library System -O
    library Feeds "${fuzz_flags[@]}" -enable-testing "${feeds_xcc[@]}"
    harness FuzzFeed "Feeds System" "$feeds_libs" Fuzz/Support/Check.swift Fuzz/Feed/feed.swift
    # The parser's test fixtures: every format, charset and quirk it is known to read.
    seeds=(Tests/FeedsTests/Fixtures)
    ;;
  admin)
    library System -O
    library Feeds "${fuzz_flags[@]}" "${feeds_xcc[@]}"
    library Pairing "${fuzz_flags[@]}"
    library Wireless "${fuzz_flags[@]}"
    library Admin "${fuzz_flags[@]}" "${feeds_xcc[@]}" "${admin_xcc[@]}"
    harness FuzzAdmin "Admin Wireless Pairing Feeds System" "$admin_libs $feeds_libs" Fuzz/Support/Check.swift Fuzz/Admin/admin.swift
    seeds=(Fuzz/Admin/corpus)
    ;;
  layout)
    library Raster -O "${image_xcc[@]}"
    library Motion -O
    library Touch -O
    library System -O
    library Feeds "${fuzz_flags[@]}" -enable-testing "${feeds_xcc[@]}"
    library Text "${fuzz_flags[@]}" "${text_xcc[@]}"
    library Widgets "${fuzz_flags[@]}" "${text_xcc[@]}"
    # ArticleBody and what it is made of; nothing else in Reader is needed, and the rest would need Platform.
    reader=()
    for file in ArticleBody ArticleBody+Drawing ArticleBody+MediaDrawing ArticleEnd ArticleFlow ArticleHeader \
                ArticleImages ArticlePiece ArticleSpans ArticleStyles ArticleStyles+Media ArticleTarget CodeText \
                ImageEnlarging ImageShrinking LongParagraph MediaBox PictureBox PieceSetter PlacedPiece TableLayout; do
      reader+=("Sources/Reader/Article/$file.swift")
    done
    harness Reader "Widgets Touch Motion Text Feeds Raster System" "$text_libs $feeds_libs" \
      "${reader[@]}" Fuzz/Support/Check.swift Fuzz/Layout/layout.swift
    seeds=(Fuzz/Blocks/corpus)
    dictionary=Fuzz/Blocks/html.dict
    ;;
  *) echo "fuzz.sh: no target $target ($usage)" >&2; exit 2 ;;
esac

mkdir -p "$out/crashes-$target"
# Swift's crash handler walks the stack by reading raw memory, which ASan reports as a second, confusing crash
# over the real one; libFuzzer prints the stack itself.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
if [ -n "$seeds_only" ]; then
  corpus=$out/short-$target
  rm -rf "$corpus"
else
  corpus=$out/corpus-$target
fi
mkdir -p "$corpus"
# The HTML targets mutate with the sanitiser's vocabulary (tags of tables, formulas, raised text) at hand.
dictionary_flag=()
if [ -n "${dictionary:-}" ]; then dictionary_flag=(-dict="$dictionary"); fi
exec "$out/fuzz-$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$out/crashes-$target/" "${dictionary_flag[@]}" "$@" "$corpus" "${seeds[@]}"
