import Feeds
import Platform
import Touch
import Widgets

/// The wall's day over the app: ambient after the idle minutes, the panel off at night and back in the
/// morning, woken by a touch that does nothing else (docs/reader.md, "Wall modes").
extension ReaderApp {
    /// How dark the picture goes in the minutes before the night, with the backlight.
    static let dimVeil = 0.55

    /// Seconds after local midnight at `time`, as the panel's time zone counts them.
    func secondOfDay(_ time: Double) -> Double {
        let now = context.wallClock(time)
        let local = now.secondsSince1970 + Int64(context.utcOffset(now))
        return Double(((local % 86_400) + 86_400) % 86_400)
    }

    /// Worked out when the day last moved (a frame, a touch), from that moment's time of day, and kept: asked
    /// again later, a wall clock read afresh would already be past the edge and name the next one instead, and
    /// the edge that woke the panel would never be acted on.
    func updateWallDeadline(at time: Double) {
        wallDeadline = wall?.deadline(at: time, second: secondOfDay(time))
    }

    /// A touch reaches the wall first: one that wakes a dark or dimmed panel, and any that starts within 300 ms
    /// of waking, goes no further.
    func wallSwallows(_ event: TouchEvent) -> Bool {
        guard var day = wall else { return false }
        let before = (day.mode, day.power)
        let swallowed = day.touch(event, second: secondOfDay(event.time))
        wall = day
        updateWallDeadline(at: event.time)
        if before != (day.mode, day.power) { wallChanged(power: before.1) }
        return swallowed
    }

    func advanceWall(to time: Double) {
        var day = wall ?? WallDay(settings: context.settings, now: time)
        let before = (day.mode, day.power)
        let first = wall == nil
        day.advance(to: time, second: secondOfDay(time))
        wall = day
        updateWallDeadline(at: time)
        if first || before != (day.mode, day.power) { wallChanged(power: first ? .on : before.1) }
    }

    /// The day moved on (the power was `power` before): the screen follows the mode, the host the power.
    func wallChanged(power: PanelPowerLevel) {
        guard let day = wall else { return }
        if day.power != power { onPowerChange?(day.power) }
        needsFullDraw = true
        switch day.mode {
        case .ambient:
            if screen is AmbientScreen { return }
            turnAmbient()
        case .night:
            if screen is NightScreen { return }
            showWall(NightScreen())
        case .awake:
            if screen is NightScreen { comeBack() }
        }
    }

    /// A screen of the wall over the one a person had (never over another of the wall's, which it replaces);
    /// what floats over the screen closes.
    func showWall(_ wallScreen: any Screen) {
        if screen.isWall {
            navigator.replace(with: wallScreen)
        } else {
            // Counted back from now: the panel's wall clock tells only the present moment, whatever time it is given.
            leftAlone = wall.map { Timestamp(secondsSince1970: wallNow.secondsSince1970 - Int64(time - $0.lastTouch)) }
            navigator.push(wallScreen)
        }
        overlay = nil
        menuPanel = nil
        if menu.overlay.isShowing { menu.tapOnMenu(at: time) }
    }

    func turnAmbient() {
        let now = context.wallClock(time)
        let rows = (try? context.library.river(.unread, now: now, utcOffsetSeconds: context.utcOffset(now))) ?? []
        // The article a person was reading, under the wall's screens, comes first as "continue reading".
        let left = navigator.stack.last { !$0.isWall }
        let ambient = AmbientScreen(context: context, rows: rows, resume: (left as? ArticleScreen)?.current, at: time)
        showWall(ambient)
    }

    /// Back to the screen the person left (woken at night, the "continue reading" card), else the list.
    func comeBack() {
        wall?.leaveAmbient()
        guard navigator.leaveWall() else {
            restore(ReaderPlace())
            needsFullDraw = true
            return
        }
        if let list = screen as? ListScreen {
            // The list as it is now, what arrived meanwhile marked: the rows were not under a finger.
            navigator.replace(with: river(list.filter, newSince: leftAlone))
        }
        shown()
    }

    func leaveWall(_ exit: WallExit) {
        switch exit {
        case .resume: comeBack()
        case .river:
            wall?.leaveAmbient()
            perform(.showRiver(.unread, newSince: leftAlone))
        case .entry(let index, let rows):
            wall?.leaveAmbient()
            let list = ListScreen(context: context, filter: .unread, rows: rows, unread: context.library.unreadCount())
            navigator.reset(to: [list])
            open(index, in: list)
        }
    }
}
