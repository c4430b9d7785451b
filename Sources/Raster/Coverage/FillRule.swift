/// How overlapping contours combine into "inside".
public enum FillRule: Sendable {
    /// Inside where the contours wind around the point a non-zero number of times.
    case nonZero
    /// Inside where a ray from the point crosses an odd number of edges (holes in overlapping contours).
    case evenOdd
}
