import Motion
import Raster

/// One of the pull menu's three dots (Unread; SCSpringExpandView): a 4x4 circle that stretches into a 2x50
/// capsule when expanded, thinner and taller like a pulled rubber band.
///
/// A change of state springs from wherever the dot is at that moment with UIKit's spring of the original
/// (0.5 s, damping 0.4, relative initial velocity 0.5, `beginFromCurrentState`). Only a change starts a spring,
/// so holding the finger still lets the dot settle. Its colour changes at once, as the original sets it.
public struct SpringDot: Sendable, Equatable {
    public enum Tint: String, Sendable {
        case gray, black, red

        public var color: Color {
            switch self {
            case .gray: Color(red: 0.5, green: 0.5, blue: 0.5)
            case .black: Color.black
            case .red: Color(red: 1, green: 0, blue: 0)
            }
        }
    }

    /// The slot a dot lives in: 4 pt wide, as tall as the affordance.
    static let slotWidth = 4.0
    static let slotHeight = 50.0
    /// Expanded, the dot is half the slot wide.
    static let expandedWidth = 2.0

    public private(set) var isExpanded = false
    public var tint: Tint = .gray
    /// 0 collapsed, 1 expanded; between and beyond while springing (it overshoots).
    private var stretch = AnimatedValue(0)

    public init() {}

    var expansion: Double { stretch.value }

    /// Expands or collapses the dot from `time` on; nothing happens if it is already in that state.
    mutating func setExpanded(_ expanded: Bool, at time: Double) {
        guard expanded != isExpanded else { return }
        isExpanded = expanded
        stretch.run(SpringSimulation.uikit(from: stretch.value(at: time), to: expanded ? 1 : 0, duration: 0.5,
                                           dampingRatio: 0.4, initialVelocity: 0.5), startingAt: time)
    }

    /// Moves the spring to `time`; true while it still moves.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool { stretch.advance(to: time) }

    public var isMoving: Bool { stretch.isMoving }

    public static func == (a: SpringDot, b: SpringDot) -> Bool {
        a.isExpanded == b.isExpanded && a.tint == b.tint && a.expansion == b.expansion
    }

    /// The frame's width and height, interpolated between the collapsed square and the expanded capsule as
    /// UIKit interpolates the frame (so they overshoot with the spring, the height below zero for a moment
    /// when a collapse bounces).
    public var width: Double { Self.slotWidth + (Self.expandedWidth - Self.slotWidth) * expansion }
    public var height: Double { Self.slotWidth + (Self.slotHeight - Self.slotWidth) * expansion }

    /// The dot's frame in a slot whose top-left corner is `origin`: centred in the slot both ways.
    public func frame(inSlotAt x: Double, top: Double) -> (x: Double, y: Double, width: Double, height: Double) {
        let w = width, h = height
        return (x + (Self.slotWidth - w) / 2, top + (Self.slotHeight - h) / 2, w, h)
    }
}
