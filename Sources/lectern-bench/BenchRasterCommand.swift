import ArgumentParser
import Reader

/// `lectern-bench raster`: the operations of the reference raster benchmark, as `op,size,lectern,ns_per_op`.
struct BenchRasterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "raster", abstract: "Rasterizer benchmark (CSV).")

    @Argument(help: "Which part to run: shapes, fullscreen, one shape op (circle, pie…), or all when omitted.")
    var part: String?

    func run() throws {
        let timing = BenchTiming()
        if part != "fullscreen" {
            ShapeBench.run(timing: timing, only: part == nil || part == "shapes" ? nil : part) { print($0) }
        }
        // Full-screen overlays, copy and fill, and glyph_a8.
        if part == nil || part == "fullscreen" { FullscreenBench.rows(timing: timing).forEach { print($0) } }
    }
}
