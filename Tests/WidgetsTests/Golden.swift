import GoldenImages
import Raster
import Testing

/// The components' goldens live beside this file, in Goldens/.
func expectMatchesGolden(_ surface: Surface, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
{
    let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Goldens"
    if let problem = try compareWithGolden(surface, named: name, in: directory).problem(name) {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
}
