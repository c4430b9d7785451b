import ArgumentParser
import Platform
import Raster
import Logging
import Reader

/// `lectern render`: headless snapshots of screens on demand, for review and goldens.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render screens headless and write them as PNG files.")

    @OptionGroup var snapshot: SnapshotOptions

    @Option(help: "A plain-text article (first line the title, blank lines between paragraphs) to render as pages.")
    var text: String?

    func run() throws {
        if let text { return try renderArticle(from: text) }
        let display = HeadlessDisplay(width: snapshot.size.width, height: snapshot.size.height)
        try display.present(TitleScreen(typesetter: ScreenFonts.typesetter(log: Logger(label: "lectern"))).draw(into: display.shadow))
        var writer = try SnapshotWriter(directory: snapshot.out)
        try writer.save(display.scanout, name: "title")
        for path in writer.written { print("wrote \(path)") }
    }
}
