/// How the panel is shown, as `lectern run` was asked.
public struct KioskOptions: Sendable {
    /// Pixels per point; nil: from the panel's size in millimetres (1 when it does not say).
    public var pixelsPerPoint: Double?
    /// How the panel is mounted: the picture is turned this many degrees clockwise, one of `rotations`.
    public var rotationDegrees: Int
    /// Print every touch as it reaches the scene, in points, and how soon the frame showing it reached the glass.
    public var showTouches: Bool
    /// libinput's calibration matrix for every touchscreen; nil: each device's own.
    public var touchCalibration: [Float]?

    public static let rotations = [0, 90, 180, 270]

    public init(pixelsPerPoint: Double? = nil, rotationDegrees: Int = 0, showTouches: Bool = false,
                touchCalibration: [Float]? = nil) {
        self.pixelsPerPoint = pixelsPerPoint
        self.rotationDegrees = rotationDegrees
        self.showTouches = showTouches
        self.touchCalibration = touchCalibration
    }
}
