extension String {
    /// A number with one decimal, without Foundation's formatter.
    public init(format1 value: Double) {
        let tenths = (value * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e17 else { self = "\(value)"; return }
        let whole = Int(tenths) / 10, frac = abs(Int(tenths) % 10)
        self = "\(whole).\(frac)"
    }
}

extension String {
    /// A number with three decimals (store timings are fractions of a millisecond).
    public init(format3 value: Double) {
        let thousandths = (value * 1000).rounded()
        guard thousandths.isFinite, abs(thousandths) < 1e15 else { self = "\(value)"; return }
        let whole = Int(thousandths) / 1000, frac = abs(Int(thousandths) % 1000)
        let digits = String(frac)
        self = "\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
    }
}
