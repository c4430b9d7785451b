#!/usr/bin/env python3
"""Converts an X window dump (xwd's output, 24- or 32-bit TrueColor) to an 8-bit RGB PNG, with nothing but the
standard library: the window test compares a window's pixels with png_compare.py.

Usage: xwd_to_png.py DUMP.xwd OUT.png"""
import struct
import sys
import zlib

FIELDS = ("header_size version format depth width height xoffset byte_order bitmap_unit bit_order bitmap_pad "
          "bits_per_pixel bytes_per_line visual_class red_mask green_mask blue_mask bits_per_rgb colormap_entries "
          "ncolors").split()


def read_xwd(path):
    data = open(path, "rb").read()
    h = dict(zip(FIELDS, struct.unpack(">20I", data[:80])))
    if h["version"] != 7 or h["format"] != 2 or h["visual_class"] not in (4, 5):  # ZPixmap, True/DirectColor
        sys.exit(f"{path}: not a version 7 ZPixmap TrueColor window dump")
    width, height, line = h["width"], h["height"], h["bytes_per_line"]
    # xwd may say 24 bits per pixel for a depth-24 image stored in 32-bit units: the line length tells.
    size = 4 if line >= width * 4 else h["bits_per_pixel"] // 8
    if size not in (3, 4):
        sys.exit(f"{path}: {h['bits_per_pixel']} bits per pixel is not supported")
    start = h["header_size"] + h["ncolors"] * 12
    pixels = data[start:start + line * height]
    order = "little" if h["byte_order"] == 0 else "big"
    masks = [(h[m], (h[m] & -h[m]).bit_length() - 1) for m in ("red_mask", "green_mask", "blue_mask")]
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            o = y * line + x * size
            value = int.from_bytes(pixels[o:o + size], order)
            row += bytes((value & mask) >> shift for mask, shift in masks)
        rows.append(bytes(row))
    return width, height, rows


def write_png(path, width, height, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + row for row in rows)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                  + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    write_png(sys.argv[2], *read_xwd(sys.argv[1]))
