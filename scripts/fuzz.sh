#!/usr/bin/env bash
# Fuzzes one image decoder with libFuzzer under AddressSanitizer. Usage: scripts/fuzz.sh TARGET SECONDS
# TARGET is jpeg, png, webp, gif (one decoder, past the header check) or any (the public decode path).
# The Codecs sources are compiled together with the harness in Fuzz/Images/TARGET.swift; Raster, which they
# use for surfaces, is built beside them without instrumentation. New inputs go to .build/fuzz/corpus-TARGET
# (the seeds in Fuzz/Images/corpus stay as committed), crashes to .build/fuzz/crashes-TARGET/.
# Extra arguments after SECONDS go to libFuzzer (e.g. -dict=FILE); .build/fuzz/fuzz-TARGET CRASHFILE replays a crash.
set -euo pipefail
target=${1:?usage: scripts/fuzz.sh jpeg|png|webp|gif|any SECONDS [libFuzzer arguments]}
seconds=${2:?usage: scripts/fuzz.sh TARGET SECONDS}
shift 2
cd "$(dirname "$0")/.."
[ -f "Fuzz/Images/$target.swift" ] || { echo "fuzz.sh: no harness Fuzz/Images/$target.swift" >&2; exit 1; }

out=.build/fuzz
mkdir -p "$out/crashes-$target" "$out/corpus-$target"
# The include and link flags of the libraries the module maps name; giflib has no pkg-config file.
cflags=$(pkg-config --cflags libjpeg libpng libwebpmux)
libs="$(pkg-config --libs libjpeg libpng libwebpmux) -lwebp -lgif"
modules=(-I Sources/CJPEG -I Sources/CPNG -I Sources/CWebP -I Sources/CGIF)
xcc=()
for flag in $cflags; do xcc+=(-Xcc "$flag"); done

if [ ! -f "$out/libRaster.a" ] || [ -n "$(find Sources/Raster -newer "$out/libRaster.a")" ]; then
  mapfile -t raster < <(find Sources/Raster -name '*.swift' | sort)
  swiftc -O -parse-as-library -module-name Raster -emit-library -static -emit-module \
    -emit-module-path "$out/Raster.swiftmodule" -o "$out/libRaster.a" "${modules[@]}" "${xcc[@]}" "${raster[@]}"
fi
# -O keeps every bounds and overflow check; the sanitizers add address checks on top.
# gold warns once for each of ASan's local helper symbols; those lines say nothing.
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name Codecs -o "$out/fuzz-$target" \
  -I "$out" "${modules[@]}" "${xcc[@]}" -L "$out" -lRaster $libs \
  Sources/Codecs/*.swift Fuzz/Images/Support.swift "Fuzz/Images/$target.swift" \
  2> >(grep -v 'Cannot export local symbol' >&2)

if [ "$target" = any ]; then seeds=(Fuzz/Images/corpus/*); else seeds=("Fuzz/Images/corpus/$target"); fi
exec "$out/fuzz-$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$out/crashes-$target/" "$@" "$out/corpus-$target" "${seeds[@]}"
