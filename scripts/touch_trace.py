"""Touch traces for the tests: the text `lectern touch replay` plays and `lectern run --trace` reads, one event
a line, "MICROSECONDS SLOT down X Y", "... move X Y" or "... up", one finger (slot 0).

    trace = Trace(steps=20, hold=150000, gap=900000)
    trace.tap(300, 115)
    trace.stroke(640, 600, 640, 250)
    print(trace)

A stroke goes down, moves in STEPS even steps DT apart, and is held still for HOLD before it lifts (so it is no
flick); a tap is held for 80 ms. After either, GAP passes before the next gesture; wait adds more.
"""


class Trace:
    def __init__(self, steps=30, dt=16000, hold=200000, gap=0):
        self.steps, self.dt, self.hold, self.gap = steps, dt, hold, gap
        self.t = 0
        self.lines = []

    def stroke(self, x0, y0, x1, y1):
        self.lines.append(f"{self.t} 0 down {x0} {y0}")
        for i in range(1, self.steps + 1):
            self.t += self.dt
            x = round(x0 + (x1 - x0) * i / self.steps)
            y = round(y0 + (y1 - y0) * i / self.steps)
            self.lines.append(f"{self.t} 0 move {x} {y}")
        self.t += self.hold
        self.lines.append(f"{self.t} 0 up")
        self.t += self.gap

    def tap(self, x, y):
        self.lines.append(f"{self.t} 0 down {x} {y}")
        self.t += 80000
        self.lines.append(f"{self.t} 0 up")
        self.t += self.gap

    def wait(self, microseconds):
        self.t += microseconds

    def __str__(self):
        return "\n".join(self.lines)
