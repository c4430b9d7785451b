extension UprightRoundedBox {
    /// Radii up to this keep a table of `Crossings`.
    static let largestTabledRadius = 512

    /// Where each pixel column line through the corners meets the arc, measured from the corner centres' row,
    /// for the left corners and the right ones. The same for every row of the shape, so worked out once per
    /// column rather than once per edge pixel, whose square root was the slowest step on each pixel's path.
    struct Crossings {
        let left: UnsafeMutablePointer<Double>, leftFirst: Int
        let right: UnsafeMutablePointer<Double>, rightFirst: Int

        /// The crossings of the corners centred on x = `left` and x = `right`, in `table` (room for
        /// 2 × (largestTabledRadius + 3) values), of the `sides` that are painted; nil for radii beyond
        /// `largestTabledRadius`.
        init?(left centreLeft: Double, right centreRight: Double, radius: Double, table: UnsafeMutablePointer<Double>,
              sides: Halves = .both) {
            guard radius <= Double(UprightRoundedBox.largestTabledRadius) else { return nil }
            let r2 = radius * radius
            leftFirst = Int((centreLeft - radius).rounded(.down))
            rightFirst = Int(centreRight.rounded(.down))
            let leftCount = sides.contains(.left) ? Int(centreLeft.rounded(.up)) - leftFirst + 1 : 0
            let rightCount = sides.contains(.right) ? Int((centreRight + radius).rounded(.up)) - rightFirst + 1 : 0
            for k in 0..<leftCount {
                let a = centreLeft - Double(leftFirst + k)
                table[k] = max(r2 - a * a, 0).squareRoot()
            }
            for k in 0..<rightCount {
                let a = Double(rightFirst + k) - centreRight
                table[leftCount + k] = max(r2 - a * a, 0).squareRoot()
            }
            left = table
            right = table + leftCount
        }
    }
}
