/// A harness's check that says what failed: optimized builds drop `precondition`'s message, and a crash file
/// alone is slow to read. scripts/fuzz.sh compiles this into the blocks and layout harnesses.
func check(_ condition: Bool, _ message: @autoclosure () -> String = "") {
    if !condition { fatalError(message()) }
}
