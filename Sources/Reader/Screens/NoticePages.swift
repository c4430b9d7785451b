import Feeds
import Touch
import Widgets
import Wireless

/// The screens of words: empty, settings, about.
extension NoticeScreen {
    enum Kind {
        case empty, settings, about
    }

    /// The screen of `kind` as it reads at `time` (About tells how long ago the last refresh was).
    static func make(_ kind: Kind, context: ReaderContext, time: Double) -> NoticeScreen {
        switch kind {
        case .empty: emptyScreen(context)
        case .settings: settingsScreen(context, now: context.wallClock(time))
        case .about: aboutScreen(context, now: context.wallClock(time))
        }
    }

    /// What a target's tap asks for, by the name it shows.
    static func action(for target: String) -> ReaderAction? {
        switch target {
        case "Smaller": .adjust(.textSize(step: -1))
        case "Larger": .adjust(.textSize(step: 1))
        case "Light", "Sepia", "Dark": .adjust(.theme(Theme.Name(rawValue: target.lowercased()) ?? .light))
        case "Nearer": .adjust(.readingDistance(by: -0.3))
        case "Farther": .adjust(.readingDistance(by: 0.3))
        case "Done": .showRiver(.unread)
        case "Phone": .showPairing
        case "Wi-Fi": .showWiFi
        default: nil
        }
    }

    private static func emptyScreen(_ context: ReaderContext) -> NoticeScreen {
        NoticeScreen(context: context, kind: .empty, lines: [
            .title("Nothing to read yet"),
            // The phone first: it is how a panel without a keyboard is set up; the card and the shell are for owners.
            .text("This panel has no feeds. Tap Phone below and scan the code with your phone's camera: the page that "
                + "opens adds feeds by a site's address, or from another reader's file."),
            .actions(["Phone"]),
            .text("Or put an OPML file (every feed reader can export one) named feeds.opml on the card's boot partition, "
                + "beside lectern.conf, the file a laptop shows when the card is put in. Lectern reads it when it starts. "
                + "Or, on the panel's command line: lectern feeds add https://example.org/feed.xml"),
            .text("New articles appear here as soon as the feeds bring them. Pull from the right edge for the menu."),
        ])
    }

    private static func settingsScreen(_ context: ReaderContext, now: Timestamp) -> NoticeScreen {
        let s = context.settings
        let phones = context.pairing?.book.phones() ?? []
        let phoneLines: [NoticeScreen.Line] = phones.map { phone in
            .phone(label: phone.name, value: "paired \(ReaderContext.when(Timestamp(secondsSince1970: phone.paired), now: now))",
                   id: phone.id)
        }
        return NoticeScreen(context: context, kind: .settings, lines: [
            .title("Settings"),
            .setting(label: "Text size", value: "\(ReaderSettings.plain(s.textSize)) pt", targets: ["Smaller", "Larger"]),
            .setting(label: "Theme", value: s.theme.rawValue.capitalizedFirst, targets: ["Light", "Sepia", "Dark"]),
            .setting(label: "Reading distance", value: "\(ReaderSettings.plain((s.readingDistance * 10).rounded() / 10)) m",
                     targets: ["Nearer", "Farther"]),
            .text("Turn ambient after \(ReaderSettings.plain(s.idleMinutes)) idle minutes. Night: \(s.night ?? "off"). "
                + "These, and every other setting, are in lectern.conf on the card's boot partition; changes made here are kept on the panel."),
            .setting(label: "Phones", value: phones.isEmpty ? "none paired" : "\(phones.count) paired", targets: ["Phone"]),
        ] + phoneLines + wifiLines(context) + [
            .actions(["Done"]),
        ])
    }

    private static func aboutScreen(_ context: ReaderContext, now: Timestamp) -> NoticeScreen {
        let library = context.library
        let feeds = library.feeds()
        let lastFetch = feeds.compactMap(\.fetch.lastFetch).max()
        var lines: [NoticeScreen.Line] = [
            .title("About Lectern"),
            .text("Lectern \(ReaderVersion.current): a wall-panel reader for your feeds, drawn straight to the display."),
            .text("\(feeds.count) feeds, \(library.unreadCount()) unread\(library.showsSamples ? " (the bundled samples)" : "")."),
        ]
        if let size = library.storeSize { lines.append(.text("Store: \(size / 1024) KiB.")) }
        if let lastFetch { lines.append(.text("Last refresh: \(ReaderContext.when(lastFetch, now: now)).")) }
        lines.append(.actions(["Done"]))
        return NoticeScreen(context: context, kind: .about, lines: lines)
    }

    /// The settings' Wi-Fi: nothing without a radio; the network with its signal and address, Forget beside it;
    /// or how it stands, with the card a tap away.
    static func wifiLines(_ context: ReaderContext) -> [NoticeScreen.Line] {
        guard let status = context.wifi?.status, status.radio else { return [] }
        if let network = status.network ?? status.known.first, status.known.contains(network) {
            return [.network(name: network, value: wifiValue(status))]
        }
        return [.setting(label: "Wi-Fi", value: wifiValue(status), targets: ["Wi-Fi"])]
    }

    /// What `wifiLines` says, compared by the app to tell whether the screen must be made again.
    static func wifiLine(_ context: ReaderContext) -> String? {
        guard let line = wifiLines(context).first else { return nil }
        switch line {
        case .network(let name, let value): return "\(name): \(value)"
        case .setting(_, let value, _): return "Wi-Fi: \(value)"
        default: return nil
        }
    }

    static func wifiValue(_ status: WiFiStatus) -> String {
        switch status.step {
        case .connected:
            (["connected"] + [status.signal.map { "signal \($0) dBm" }, status.address.map { "address \($0)" }].compactMap { $0 })
                .joined(separator: ", ")
        case .connecting: "joining"
        case .retrying: "lost, looking for it"
        case .hotspot: "setting up from a phone"
        case .joining: "joining \(status.network ?? "")"
        case .idle: status.known.isEmpty ? "not set up" : "not connected"
        }
    }
}

/// The version the about screen shows; the executable sets it at start (it owns the number).
public enum ReaderVersion {
    nonisolated(unsafe) public static var current = "0.1.0"
}
