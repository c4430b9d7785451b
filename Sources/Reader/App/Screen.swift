import Feeds
import Raster
import Touch
import Widgets

/// A screen of the reader as the navigator keeps it: a `Component` (touches in, time on, its own damage) whose
/// events are what it asks of the app, `ReaderAction`s. Each screen adopts it in its own file; the app knows
/// screens only through it, so a new screen is its file and the one action (or the line in `Navigator`) that
/// shows it.
protocol Screen: Component where Event == ReaderAction {
    /// Its name in `replay reader`'s `screen` field.
    var name: String { get }

    /// Where a pull for the menu may start on this screen.
    var menuPull: MenuPullStart { get }
    /// Whether the screen has taken the touch under way (an article's vertical drag): the pull must not.
    var holdsTouch: Bool { get }
    /// A screen of the wall's day (ambient, night): it goes over the screen a person left, which it gives back.
    var isWall: Bool { get }

    /// The place a restart brings back while this screen shows, `below` being the screen under it.
    func place(over below: (any Screen)?) -> ReaderPlace
    /// The screens from the root that show the same place again in the new settings (text size, theme); nil
    /// keeps this one as it is.
    func relaid(at time: Double) -> [any Screen]?
    /// The river the screen shows or pages through (what Mark all read marks).
    var river: ListScreen? { get }
    /// The link the menu's QR code carries from this screen.
    var sharedLink: String? { get }
    /// The store changed by one of this screen's actions: rows that show it are set again.
    func storeChanged(_ change: StoreChange)
    /// A refresh this screen started: one feed's report, and the end (`added` entries arrived).
    func refreshReported(_ report: FeedRefresher.Report)
    func refreshFinished(added: Int, at time: Double)
    /// Entries arrived from a refresh the screen did not start (the keeper's, a sync on its schedule).
    func entriesArrived(_ added: Int, at time: Double) -> [ReaderAction]
}

/// Where a pull for the menu may start.
enum MenuPullStart {
    /// Nowhere: the screen takes every touch (the wall's screens, a sheet open on a row).
    case nowhere
    /// In the strip along the right edge, once the finger moves inward (a tap there reaches the screen).
    case rightEdge
    /// Anywhere a sideways drag starts, unless the screen holds the touch (an article has nothing to scroll
    /// sideways).
    case anywhere
}

extension Screen {
    var menuPull: MenuPullStart { .rightEdge }
    var holdsTouch: Bool { false }
    var isWall: Bool { false }
    func place(over below: (any Screen)?) -> ReaderPlace { ReaderPlace() }
    func relaid(at time: Double) -> [any Screen]? { nil }
    var river: ListScreen? { nil }
    var sharedLink: String? { nil }
    func storeChanged(_ change: StoreChange) {}
    func refreshReported(_ report: FeedRefresher.Report) {}
    func refreshFinished(added: Int, at time: Double) {}
    func entriesArrived(_ added: Int, at time: Double) -> [ReaderAction] { [] }
}
