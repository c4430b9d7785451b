/// The mouse over the window as a finger on the panel: the left button down is a touch down, moving with it
/// held is a move, letting go is the touch up. Window pixels are panel pixels (the window is the panel's size),
/// so it speaks `RawInput` as libinput's absolute pointer does, and the `TouchAssembler` takes it from there.
///
/// SDL stamps its events in milliseconds since it started, a clock of its own; this is where they become
/// microseconds on CLOCK_MONOTONIC, the clock of libinput's `time_usec`, so everything above sees one clock.
struct WindowPointer {
    /// The device number the window's mouse uses in `RawInput`.
    static let device = 0

    private var position: (x: Double, y: Double)?
    private var pressed = false
    private var lastTime = Int64.min

    /// The moment SDL's events are taken: SDL's tick count and CLOCK_MONOTONIC read together.
    struct Reading {
        var ticks: UInt32
        var monotonicMicroseconds: Int64
    }

    /// An event stamped `ticks` on SDL's clock, on CLOCK_MONOTONIC: as long before `now` as SDL counts it
    /// before `now.ticks` (wrapping arithmetic, so SDL's 49-day wrap is harmless), never before an earlier
    /// event (the two clocks read a millisecond apart at most; a touch must not go back in time).
    ///
    /// SDL stamps what the X server sent as it takes it in, inside SDL_PollEvent, after `now` was read: an
    /// event can come stamped a millisecond after `now.ticks`. The difference is signed, and such an event is
    /// taken at `now`. Read unsigned, it was 49 days old: the panel took itself to have been idle that long
    /// and went to ambient mode under the click.
    mutating func time(ticks: UInt32, now: Reading) -> Int64 {
        let age = max(0, Int64(Int32(bitPattern: now.ticks &- ticks)))
        let time = max(lastTime, now.monotonicMicroseconds - age * 1000)
        lastTime = time
        return time
    }

    /// The mouse moved to (`x`, `y`) in window pixels.
    mutating func moved(x: Double, y: Double, ticks: UInt32, now: Reading) -> [RawInput] {
        if let position, position == (x, y) { return [] }
        position = (x, y)
        return [.pointerMotion(device: Self.device, x: x, y: y, timeUsec: time(ticks: ticks, now: now))]
    }

    /// The left button went down or up at (`x`, `y`): where it is first, then the press.
    mutating func button(pressed: Bool, x: Double, y: Double, ticks: UInt32, now: Reading) -> [RawInput] {
        let moved = moved(x: x, y: y, ticks: ticks, now: now)
        guard pressed != self.pressed else { return moved }
        self.pressed = pressed
        return moved + [.pointerButton(device: Self.device, pressed: pressed, timeUsec: time(ticks: ticks, now: now))]
    }
}
