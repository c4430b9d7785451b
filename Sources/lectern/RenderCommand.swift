import ArgumentParser
import Platform
import Logging
import Reader

/// `lectern render`: headless snapshots of screens on demand, for review and goldens.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render screens headless and write them as PNG files.")

    @OptionGroup var snapshot: SnapshotOptions

    @Option(help: "A plain-text article (first line the title, blank lines between paragraphs) to render as pages.")
    var text: String?

    @Option(help: "Film every interaction demo from its recorded trace into this directory: an animated WebP of all its frames and a still every 0.1 s.")
    var demo: String?

    @Option(help: "Pixels per point for --demo.")
    var scale = 1.0

    func validate() throws {
        if text != nil && demo != nil { throw ValidationError("--text and --demo render different things; give one") }
        guard scale.isFinite, scale >= 0.25, scale <= 8 else { throw ValidationError("scale must be from 0.25 to 8") }
    }

    func run() throws {
        if let text {
            var writer = try SnapshotWriter(directory: snapshot.out)
            try TextArticlePages(file: text).render(width: snapshot.size.width, height: snapshot.size.height, into: &writer)
            for path in writer.written { print("wrote \(path)") }
            return
        }
        if let demo {
            return try DemoFilm(directory: demo, width: snapshot.size.width, height: snapshot.size.height,
                                pixelsPerPoint: scale).render(log: Logger(label: "lectern"))
        }
        let display = HeadlessDisplay(width: snapshot.size.width, height: snapshot.size.height)
        try display.present(TitleScreen(typesetter: ScreenFonts.typesetter(log: Logger(label: "lectern"))).draw(into: display.shadow))
        var writer = try SnapshotWriter(directory: snapshot.out)
        try writer.save(display.scanout, name: "title")
        for path in writer.written { print("wrote \(path)") }
    }
}
