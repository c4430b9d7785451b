#!/usr/bin/env python3
"""Compares two 8-bit, non-interlaced PNG files pixel by pixel (RGB only), with nothing but the standard library.

Usage: png_compare.py A.png B.png [--rotate DEG]   B is turned DEG clockwise before comparing (0, 90, 180, 270).
Prints the number of differing pixels and the largest channel difference; exits 1 when they differ."""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or interlace or channels is None:
        sys.exit(f"{path}: only 8-bit non-interlaced grey/RGB/RGBA PNGs are supported")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upleft = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - upleft
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else upleft)
                line[i] = (line[i] + pred) & 0xFF
        rows.append(line)
        previous = line
    def rgb(x, y):
        o = x * channels
        row = rows[y]
        return (row[o], row[o], row[o]) if channels < 3 else (row[o], row[o + 1], row[o + 2])
    return width, height, rgb


def main():
    args = sys.argv[1:]
    turn = 0
    if "--rotate" in args:
        i = args.index("--rotate")
        turn = int(args[i + 1])
        del args[i:i + 2]
    (wa, ha, a), (wb, hb, b) = read_png(args[0]), read_png(args[1])
    # B is the logical picture; A is what the panel shows with B turned `turn` degrees clockwise.
    expected_size = (hb, wb) if turn in (90, 270) else (wb, hb)
    if (wa, ha) != expected_size:
        print(f"size differs: {wa}x{ha} vs expected {expected_size[0]}x{expected_size[1]}")
        return 1
    differing, worst = 0, 0
    for y in range(ha):
        for x in range(wa):
            if turn == 0:
                bx, by = x, y
            elif turn == 90:
                bx, by = y, hb - 1 - x
            elif turn == 180:
                bx, by = wb - 1 - x, hb - 1 - y
            else:
                bx, by = wb - 1 - y, x
            pa, pb = a(x, y), b(bx, by)
            if pa != pb:
                differing += 1
                worst = max(worst, max(abs(p - q) for p, q in zip(pa, pb)))
    print(f"{wa}x{ha}: {differing} pixels differ, largest channel difference {worst}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
