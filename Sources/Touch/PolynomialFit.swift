/// Least-squares polynomial fit y ≈ c0 + c1·t + c2·t² + …, solved through the normal equations with partial
/// pivoting. Small (degree ≤ 2, ≤ 20 samples), so precision is ample once t is scaled to about ±1.
struct PolynomialFit {
    /// Coefficients c0…c_degree, or nil if the samples cannot determine them (too few distinct times).
    static func coefficients(times: [Double], values: [Double], degree: Int) -> [Double]? {
        let n = degree + 1
        guard times.count == values.count, times.count >= n, n >= 1 else { return nil }
        // Gram matrix and right-hand side of the normal equations, augmented: n rows of n + 1.
        var matrix = [Double](repeating: 0, count: n * (n + 1))
        for (t, y) in zip(times, values) {
            var powers = [Double](repeating: 1, count: 2 * n - 1)
            for k in 1..<powers.count { powers[k] = powers[k - 1] * t }
            for row in 0..<n {
                for column in 0..<n { matrix[row * (n + 1) + column] += powers[row + column] }
                matrix[row * (n + 1) + n] += powers[row] * y
            }
        }
        let scale = matrix.lazy.map(abs).max() ?? 0
        guard scale > 0, scale.isFinite else { return nil }
        for pivot in 0..<n {
            var best = pivot
            for row in pivot + 1..<n where abs(matrix[row * (n + 1) + pivot]) > abs(matrix[best * (n + 1) + pivot]) {
                best = row
            }
            // A vanishing pivot means the times do not pin down this degree (e.g. repeated timestamps).
            guard abs(matrix[best * (n + 1) + pivot]) > 1e-12 * scale else { return nil }
            if best != pivot {
                for column in 0...n { matrix.swapAt(pivot * (n + 1) + column, best * (n + 1) + column) }
            }
            for row in 0..<n where row != pivot {
                let factor = matrix[row * (n + 1) + pivot] / matrix[pivot * (n + 1) + pivot]
                if factor == 0 { continue }
                for column in pivot...n { matrix[row * (n + 1) + column] -= factor * matrix[pivot * (n + 1) + column] }
            }
        }
        let result = (0..<n).map { matrix[$0 * (n + 1) + n] / matrix[$0 * (n + 1) + $0] }
        return result.allSatisfy(\.isFinite) ? result : nil
    }
}
