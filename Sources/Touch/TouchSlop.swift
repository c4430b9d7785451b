/// How far a finger may wander before it counts as a drag, in points (dp). Below it, a touch is still a tap
/// or a press; past it, a drag starts and the slop is subtracted so the content does not jump.
public enum TouchSlop {
    /// Android's `ViewConfiguration` touch slop: 8 dp.
    public static let android = 8.0
    /// Flutter's `kTouchSlop` for one-axis drags: 18.
    public static let flutter = 18.0
    /// Flutter's `kPanSlop` for free (two-axis) pans: 36.
    public static let flutterPan = 36.0
}
