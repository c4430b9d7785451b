#!/usr/bin/env python3
"""Draws the pictures of Lectern's bundled sample feeds (samples/images/), from nothing but arithmetic and a
fixed seed, so they are Lectern's own and can be remade byte for byte. Standard library only: JPEGs go out as
PPM through cjpeg (libjpeg-turbo-progs), the two diagrams as PNG through zlib, since flat colours compress far
better losslessly. Then run scripts/embed-samples.py to put them into the binary."""
import math
import os
import random
import struct
import subprocess
import sys
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples", "images")


class Picture:
    def __init__(self, width, height, color=(0, 0, 0)):
        self.width, self.height = width, height
        self.rows = [bytearray(bytes(color) * width) for _ in range(height)]

    def blend(self, x, y, color, alpha):
        if alpha <= 0 or x < 0 or y < 0 or x >= self.width or y >= self.height:
            return
        alpha = min(alpha, 1.0)
        row, i = self.rows[y], 3 * x
        for c in range(3):
            row[i + c] = int(row[i + c] + (color[c] - row[i + c]) * alpha + 0.5)

    def rect(self, x0, y0, x1, y1, color):
        x0, x1 = max(0, int(x0)), min(self.width, int(x1))
        for y in range(max(0, int(y0)), min(self.height, int(y1))):
            self.rows[y][3 * x0:3 * x1] = bytes(color) * max(0, x1 - x0)

    def disc(self, cx, cy, r, color, alpha=1.0):
        # Coverage from the distance to the edge: one pixel of anti-aliasing.
        for y in range(int(cy - r - 1), int(cy + r + 2)):
            for x in range(int(cx - r - 1), int(cx + r + 2)):
                d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
                self.blend(x, y, color, alpha * max(0.0, min(1.0, r - d + 0.5)))

    def line(self, x0, y0, x1, y1, width, color):
        length = math.hypot(x1 - x0, y1 - y0) or 1
        for y in range(int(min(y0, y1) - width), int(max(y0, y1) + width) + 1):
            for x in range(int(min(x0, x1) - width), int(max(x0, x1) + width) + 1):
                px, py = x + 0.5, y + 0.5
                t = max(0, min(1, ((px - x0) * (x1 - x0) + (py - y0) * (y1 - y0)) / length ** 2))
                d = math.hypot(px - (x0 + t * (x1 - x0)), py - (y0 + t * (y1 - y0)))
                self.blend(x, y, color, width / 2 - d + 0.5)

    def arrow(self, x0, y0, x1, y1, width, color):
        self.line(x0, y0, x1, y1, width, color)
        angle = math.atan2(y1 - y0, x1 - x0)
        for side in (-1, 1):
            a = angle + math.pi + side * 0.5
            self.line(x1, y1, x1 + 5 * width * math.cos(a), y1 + 5 * width * math.sin(a), width, color)

    def write_jpeg(self, name, quality=82):
        ppm = b"P6\n%d %d\n255\n" % (self.width, self.height) + b"".join(bytes(r) for r in self.rows)
        path = os.path.join(OUT, name)
        subprocess.run(["cjpeg", "-quality", str(quality), "-optimize", "-outfile", path], input=ppm, check=True)
        return path

    def write_png(self, name):
        raw = b"".join(b"\x00" + bytes(r) for r in self.rows)
        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
        path = os.path.join(OUT, name)
        with open(path, "wb") as f:
            f.write(data)
        return path


def mix(a, b, t):
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def ridge(x, seed, scale):
    """A skyline of summed sines: smooth enough to read as distant hills, never periodic on screen."""
    rng = random.Random(seed)
    total = 0.0
    for octave in range(5):
        f = (octave + 1) ** 1.7 / scale
        total += math.sin(x * f + rng.uniform(0, 6.28)) / (octave + 1) ** 1.3
    return total


def hills_at_dusk():
    w, h = 1024, 576
    p = Picture(w, h)
    top, horizon = (54, 48, 98), (246, 170, 112)
    for y in range(h):
        p.rect(0, y, w, y + 1, tuple(int(c) for c in mix(top, horizon, (y / h) ** 1.4)))
    p.disc(690, 300, 46, (255, 226, 170))
    layers = 6
    for layer in range(layers):
        depth = layer / (layers - 1)
        color = tuple(int(c) for c in mix((190, 120, 128), (34, 30, 52), depth))
        base = 300 + 48 * layer
        for x in range(w):
            top_y = base + 34 * (1.2 - depth * 0.4) * ridge(x, 11 + layer, 140 - 14 * layer)
            start = int(top_y)
            p.blend(x, start, color, 1 - (top_y - start))
            p.rect(x, start + 1, x + 1, h, color)
    return p.write_jpeg("hills-at-dusk.jpg")


def pond_by_moonlight():
    w, h = 960, 600
    p = Picture(w, h)
    waterline = 380
    for y in range(waterline):
        p.rect(0, y, w, y + 1, tuple(int(c) for c in mix((8, 12, 34), (40, 58, 96), y / waterline)))
    rng = random.Random(7)
    for _ in range(160):
        x, y = rng.uniform(0, w), rng.uniform(0, waterline - 80)
        p.disc(x, y, rng.uniform(0.6, 1.6), (230, 232, 250), rng.uniform(0.3, 0.9))
    moon = (300, 120, 42)
    p.disc(*moon, (244, 240, 214))
    p.disc(moon[0] + 15, moon[1] - 8, 36, (12, 17, 40), 0.0)
    # The far bank: a dark band of reeds and trees.
    for x in range(w):
        bank = waterline - 30 - 22 * ridge(x, 3, 60) - 6 * math.sin(x / 3.1) ** 8
        p.rect(x, int(bank), x + 1, waterline, (10, 16, 22))
        p.blend(x, int(bank), (10, 16, 22), 1 - (bank - int(bank)))
    for y in range(waterline, h):
        t = (y - waterline) / (h - waterline)
        p.rect(0, y, w, y + 1, tuple(int(c) for c in mix((30, 44, 74), (6, 10, 24), t)))
    # The moon's path on the water: short ripples, wider and sparser towards the viewer.
    for y in range(waterline + 4, h, 5):
        t = (y - waterline) / (h - waterline)
        for _ in range(3):
            cx = moon[0] + rng.gauss(0, 24 + 120 * t)
            half = rng.uniform(6, 30 + 40 * t)
            p.line(cx - half, y, cx + half, y, 1.5 + 2 * t, (226, 224, 196))
    return p.write_jpeg("pond-by-moonlight.jpg")


def kitchen_tiles():
    w, h = 800, 480
    p = Picture(w, h, (238, 232, 218))
    cell = 160
    # Soft glazes: hard, dark edges against the cream are what a JPEG spends its bytes on.
    glazes = [(92, 140, 168), (110, 160, 164), (214, 156, 104), (96, 128, 160)]
    rng = random.Random(42)
    for ty in range(h // cell):
        for tx in range(w // cell):
            x0, y0 = tx * cell, ty * cell
            glaze = rng.choice(glazes)
            shade = rng.uniform(-14, 14)
            glaze = tuple(max(0, min(255, int(c + shade))) for c in glaze)
            cx, cy = x0 + cell / 2, y0 + cell / 2
            # A four-petal star in each tile, quarter circles in the corners: joined, they make rings.
            for y in range(y0 + 3, y0 + cell - 3):
                for x in range(x0 + 3, x0 + cell - 3):
                    dx, dy = x + 0.5 - cx, y + 0.5 - cy
                    r, a = math.hypot(dx, dy), math.atan2(dy, dx)
                    petal = 52 + 20 * math.cos(4 * a)
                    corner = min(math.hypot(x + 0.5 - ex, y + 0.5 - ey) for ex in (x0, x0 + cell) for ey in (y0, y0 + cell))
                    if r < petal:
                        p.blend(x, y, glaze, min(1, (petal - r) / 2))
                    elif abs(corner - 44) < 9:
                        p.blend(x, y, glaze, min(1, (9 - abs(corner - 44)) / 2) * 0.85)
                    if r < 14:
                        p.blend(x, y, (238, 232, 218), min(1, 14 - r))
            p.rect(x0, y0, x0 + cell, y0 + 4, (200, 194, 182))
            p.rect(x0, y0, x0 + 4, y0 + cell, (200, 194, 182))
    return p.write_jpeg("kitchen-tiles.jpg")


def fallen_leaves():
    w, h = 1000, 620
    p = Picture(w, h)
    for y in range(h):
        p.rect(0, y, w, y + 1, tuple(int(c) for c in mix((62, 48, 36), (42, 34, 28), y / h)))
    rng = random.Random(1126)
    colors = [(196, 84, 30), (222, 150, 44), (160, 52, 34), (184, 162, 58), (120, 70, 36)]
    for _ in range(70):
        cx, cy = rng.uniform(-20, w + 20), rng.uniform(-20, h + 20)
        length, width = rng.uniform(34, 70), rng.uniform(14, 28)
        angle = rng.uniform(0, math.pi)
        color = rng.choice(colors)
        ca, sa = math.cos(angle), math.sin(angle)
        reach = int(length) + 2
        for y in range(int(cy) - reach, int(cy) + reach):
            for x in range(int(cx) - reach, int(cx) + reach):
                u = ((x + 0.5 - cx) * ca + (y + 0.5 - cy) * sa) / length
                v = (-(x + 0.5 - cx) * sa + (y + 0.5 - cy) * ca) / width
                # A leaf: an ellipse pinched at both tips, with a paler midrib.
                if abs(u) >= 1:
                    continue
                edge = (1 - u * u) ** 1.5 - abs(v)
                if edge > -0.05:
                    alpha = min(1, edge * width)
                    shade = 0.85 + 0.15 * u
                    p.blend(x, y, tuple(c * shade for c in color), alpha)
                    if abs(v) < 0.06:
                        p.blend(x, y, (236, 208, 150), 0.5 * alpha)
    return p.write_jpeg("fallen-leaves.jpg")


def daylight_chart():
    """Hours of daylight each day of November at 52° N, one bar a day: the evenings' shortening, drawn."""
    w, h = 960, 540
    p = Picture(w, h, (250, 248, 242))
    left, right, top, bottom = 80, w - 40, 40, h - 60
    for hours in range(0, 13, 2):
        y = bottom - (bottom - top) * hours / 12
        p.rect(left, int(y), right, int(y) + 1, (214, 210, 200))
    latitude = math.radians(52)
    bar = (right - left) / 30
    for day in range(30):
        n = 305 + day  # day of the year for 1 November onwards
        declination = math.radians(-23.44) * math.cos(2 * math.pi / 365 * (n + 10))
        cos_h = (math.sin(math.radians(-0.83)) - math.sin(latitude) * math.sin(declination)) / (
            math.cos(latitude) * math.cos(declination))
        hours = 2 * math.degrees(math.acos(max(-1, min(1, cos_h)))) / 15
        x0 = left + day * bar + 3
        y0 = bottom - (bottom - top) * hours / 12
        highlight = 9 <= day <= 22  # the fortnight the sample feeds cover
        p.rect(x0, y0, x0 + bar - 6, bottom, (214, 134, 52) if highlight else (120, 132, 150))
    p.rect(left, bottom, right, bottom + 2, (60, 60, 64))
    p.rect(left - 2, top, left, bottom + 2, (60, 60, 64))
    return p.write_png("november-daylight.png")


def panel_gestures():
    """The wall panel seen from the front, with the reader's gestures as arrows: a picture for the tips feed."""
    w, h = 960, 600
    p = Picture(w, h, (236, 238, 242))
    p.rect(130, 60, 830, 540, (44, 46, 52))      # bezel
    p.rect(150, 80, 810, 520, (250, 249, 246))   # screen
    for i in range(5):                           # rows of the list
        y = 110 + i * 80
        p.rect(180, y, 560, y + 14, (70, 72, 80))
        p.rect(180, y + 26, 700, y + 34, (176, 178, 186))
        p.rect(180, y + 42, 620, y + 50, (176, 178, 186))
        p.rect(150, y + 68, 810, y + 69, (226, 226, 230))
    accent = (222, 92, 60)
    p.arrow(800, 300, 700, 300, 8, accent)       # pull from the right edge: the menu
    p.arrow(640, 200, 520, 200, 8, (60, 120, 200))  # swipe a row left: its actions
    p.arrow(420, 96, 420, 176, 8, (60, 150, 100))   # pull down: refresh
    p.disc(300, 410, 26, (120, 90, 180), 0.35)   # long press: a touch held
    p.disc(300, 410, 12, (120, 90, 180))
    return p.write_png("panel-gestures.png")


def main():
    os.makedirs(OUT, exist_ok=True)
    for make in (hills_at_dusk, pond_by_moonlight, kitchen_tiles, fallen_leaves, daylight_chart, panel_gestures):
        path = make()
        print(f"{os.path.relpath(path)}: {os.path.getsize(path)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
