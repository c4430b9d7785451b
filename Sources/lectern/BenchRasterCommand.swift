import ArgumentParser

/// `lectern bench raster`: the operations of the reference raster benchmark, as `op,size,lectern,ns_per_op`.
struct BenchRasterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "raster", abstract: "Rasterizer benchmark (CSV).")

    func run() throws {
        throw ValidationError("the raster benchmark is not built yet")
    }
}
