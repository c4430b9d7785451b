/// Sine and cosine together, without a libm call: shape tracing needs a few per shape and libm's cost
/// (~20 ns each) was a large share of drawing a small circle.
///
/// Reduces to [−π/4, π/4] by quarter turns, then uses Taylor polynomials; within ~1e-14 of libm for angles
/// of a few turns, far below what a pixel can show.
@inline(__always)
func sineCosine(_ angle: Double) -> (sin: Double, cos: Double) {
    guard angle.isFinite, abs(angle) < 1e9 else { return (Double.nan, Double.nan) }
    let quarterTurns = angle * (2 / Double.pi)
    let k = quarterTurns < 0 ? Int(quarterTurns - 0.5) : Int(quarterTurns + 0.5)
    // Two-part π/2 so the reduction stays exact to the last bits for angles of many turns.
    let x = (angle - Double(k) * 1.5707963267948966) - Double(k) * 6.123233995736766e-17
    let x2 = x * x
    let s = x * (1 + x2 * (-1.0 / 6 + x2 * (1.0 / 120 + x2 * (-1.0 / 5040 + x2 * (1.0 / 362_880
        + x2 * (-1.0 / 39_916_800 + x2 * (1.0 / 6_227_020_800)))))))
    let c = 1 + x2 * (-0.5 + x2 * (1.0 / 24 + x2 * (-1.0 / 720 + x2 * (1.0 / 40320
        + x2 * (-1.0 / 3_628_800 + x2 * (1.0 / 479_001_600 + x2 * (-1.0 / 87_178_291_200)))))))
    switch k & 3 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}
