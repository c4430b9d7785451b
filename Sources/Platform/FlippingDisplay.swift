/// A display whose presents reach the glass later, by a page flip it reports when done: what the panel's frame
/// pacing needs from KMS, and what a test stands in for without a panel.
public protocol FlippingDisplay: Display {
    /// Called with the time (seconds on CLOCK_MONOTONIC) a flip reached the glass.
    var onFlip: ((Double) -> Void)? { get set }
    /// How long a flip may stay pending before it counts as lost (a display switched off mid-flip).
    var lostFlipSeconds: Double { get }
    /// Forgets a flip pending for `lostFlipSeconds` or longer, so a lost flip event cannot wedge the panel.
    /// True when one was forgotten.
    @discardableResult
    func forgetLostFlip() -> Bool
}
