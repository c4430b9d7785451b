import Feeds
import Widgets

/// What a screen asks of the app, in the order it happened: where to go, what to show over the screen, what
/// to write to the store. A screen changes what it shows itself (a row marked read at once) and asks for the
/// rest; `ReaderApp.perform` carries it out, so no screen knows another.
enum ReaderAction {
    // Going somewhere.
    /// Entry `index` of a river opened: its article over the list.
    case open(index: Int, of: ListScreen)
    /// Back to the screen under this one.
    case back
    /// A river alone on screen (the empty screen while there are no feeds); `newSince` marks what is new.
    case showRiver(RiverFilter, newSince: Timestamp? = nil)
    case showFeeds
    case showSettings
    case showAbout
    /// A pairing window opened, its card over the screen (the menu's Phone).
    case showPairing
    /// The Wi-Fi card over the screen (the menu's Wi-Fi, the settings' Wi-Fi).
    case showWiFi
    case openMenu
    /// The wall's screen gives way.
    case leaveWall(WallExit)
    /// The place a restart would bring back moved (an article turned to its neighbour): saved.
    case placeMoved

    // Over the screen.
    /// A QR code of a link.
    case showCode(String)
    /// The QR code of the link of what the screen shows (the menu's choice).
    case showSharedCode
    case showPicture(url: String, alt: String?)

    // Work.
    case refresh(from: RefreshOrigin)
    case write(StoreChange)
    /// A write that waits until the panel rests: marking an opened article read costs an fsync, which on an SD
    /// card would hold the very frame that shows the article.
    case writeAtRest(StoreChange)
    /// Every entry of the river on screen marked read.
    case markAllRead
    case adjust(SettingChange)
    /// A paired phone forgotten: its session ends at once.
    case forgetPhone(String)
    /// A Wi-Fi network's password forgotten: the panel leaves it if it is on it.
    case forgetWiFi(String)
}

/// Where the wall's screen goes when a person takes the panel back.
enum WallExit {
    /// To the screen they left (woken at night, the "continue reading" card).
    case resume
    /// To the Unread river, what arrived meanwhile marked new.
    case river
    /// To entry `index` of `rows` (an ambient card), opened.
    case entry(index: Int, rows: [RiverRow])
}

/// A change to the store a screen asks for.
enum StoreChange {
    case read([EntryID], Bool)
    case starred(EntryID, Bool)
    case muted(FeedID, Bool)
    case unsubscribed(FeedID)
}

/// A setting changed on the panel.
enum SettingChange: Equatable {
    case textSize(step: Int)
    case theme(Theme.Name)
    /// The next theme in turn (the menu's Theme).
    case nextTheme
    case readingDistance(by: Double)
}

/// Which screen a refresh was started from: it is told how the refresh goes.
enum RefreshOrigin { case list, feeds }
