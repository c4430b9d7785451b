import GoldenImages
import Raster
import Testing

/// The components' goldens live beside this file, in Goldens/.
func expectMatchesGolden(_ surface: Surface, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
{
    try GoldenImages.expectMatchesGolden(surface, named: name,
                                         in: String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Goldens",
                                         sourceLocation: sourceLocation)
}
