import ArgumentParser
import Logging
import Platform
import Raster
import Reader

/// `lectern run`: the kiosk. On a machine without a usable DRM device it runs the headless display and saves
/// what the panel would show.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run the reader on the panel, or headless when there is none.")

    @Option(help: "Panel size for the headless display, WIDTHxHEIGHT.")
    var size = PanelSize(width: 1280, height: 800)

    @Option(help: "Where the headless display writes its PNG snapshots.")
    var out = "out"

    @Flag(help: "Use the headless display even when a DRM device is present.")
    var headless = false

    func run() throws {
        let log = Logger(label: "lectern.run")
        if !headless {
            let (card, problems) = DRMDevice.firstOpenable()
            for problem in problems { log.warning("\(problem)") }
            if let card {
                // KMS output is its own capability still to come; say so rather than pretend.
                log.notice("found \(card); KMS output is not built yet, running headless")
            } else {
                log.info("no DRM device can be opened; running headless")
            }
        }
        let display = HeadlessDisplay(width: size.width, height: size.height)
        let damage = TitleScreen().draw(into: display.shadow)
        try display.present(damage)
        var writer = try SnapshotWriter(directory: out)
        try writer.save(display.scanout, name: "screen-0")
        for path in writer.written { print("wrote \(path)") }
    }
}
