import Feeds
import Raster
import Touch
import Widgets

/// What the screens ask for, carried out: navigation, overlays, store writes and settings.
extension ReaderApp {
    func takeScreenActions() {
        for action in screen.takeEvents() { perform(action) }
    }

    func perform(_ action: ReaderAction) {
        switch action {
        case .open(let index, let list): open(index, in: list)
        case .back:
            navigator.pop()
            shown()
        case .showRiver(let filter, let newSince):
            show([context.library.hasFeeds ? river(filter, newSince: newSince) : NoticeScreen.make(.empty, context: context, time: time)])
        case .showFeeds: show([FeedsScreen(context: context)])
        case .showSettings: show([NoticeScreen.make(.settings, context: context, time: time)])
        case .showAbout: show([NoticeScreen.make(.about, context: context, time: time)])
        case .showPairing: openPairing()
        case .forgetPhone(let id): forgetPhone(id)
        case .showWiFi: showWiFiCard()
        case .forgetWiFi(let network): context.wifi?.handle(.forget(network: network))
        case .openMenu: presentMenu(at: time)
        case .leaveWall(let exit): leaveWall(exit)
        case .placeMoved: placeChanged()
        case .showCode(let link): overlay = .code(LinkCode(link))
        case .showSharedCode: if let link = screen.sharedLink { overlay = .code(LinkCode(link)) }
        case .showPicture(let url, let alt): overlay = .picture(url: url, alt: alt)
        case .refresh(let origin): startRefresh(from: origin)
        case .write(let change):
            storeWrite { try Self.write(change, to: context.library, at: wallNow) }
            screen.storeChanged(change)
        case .writeAtRest(let change):
            let (library, now) = (context.library, wallNow)
            writesAtRest.append { try Self.write(change, to: library, at: now) }
        case .markAllRead:
            guard let list = screen.river else { return }
            storeWrite { _ = try context.library.markAllRead(list.rows, of: list.filter, at: wallNow) }
            if screen === list { show([river(list.filter)]) }
        case .adjust(let change): adjust(change)
        }
    }

    /// Opens row `index` of the list: the entry is marked read as it opens (the list shows it read on return).
    func open(_ index: Int, in list: ListScreen) {
        guard list.rows.indices.contains(index) else { return }
        navigator.push(ArticleScreen(context: context, list: list, index: index))
        if let mark = list.markOpened(index) { perform(mark) }
        shown()
    }

    static func write(_ change: StoreChange, to library: ReaderLibrary, at now: Timestamp) throws {
        switch change {
        case .read(let ids, let read): try library.markRead(ids, read: read, at: now)
        case .starred(let id, let starred): try library.setStarred(id, starred, at: now)
        case .muted(let feed, let muted): try library.setMuted(feed, muted)
        case .unsubscribed(let feed): try library.unsubscribe(feed)
        }
    }

    func storeWrite(_ body: () throws -> Void) {
        do { try body() } catch { onStoreError?(error) }
    }

    /// Writes every store change still waiting for the panel to rest (the kiosk stopping must lose none).
    public func flushWritesAtRest() {
        let writes = writesAtRest
        writesAtRest.removeAll()
        for write in writes { storeWrite(write) }
    }

    // MARK: Settings

    func adjust(_ change: SettingChange) {
        var settings = context.settings
        switch change {
        case .textSize(let step): settings.textSize = settings.textSize(stepped: step)
        case .theme(let name): settings.theme = name
        case .nextTheme:
            let names = Theme.Name.allCases
            settings.theme = names[((names.firstIndex(of: settings.theme) ?? 0) + 1) % names.count]
        case .readingDistance(let by): settings.readingDistance = min(3, max(0.3, settings.readingDistance + by))
        }
        context.settings = settings
        settingsChanged()
    }

    /// Settings changed elsewhere (from a phone, through the state directory): applied as a change made on the
    /// panel is (the screens set again in the new size or colours, the idle minutes and the night followed), but
    /// not saved, as they are saved already.
    public func applySettings(_ settings: ReaderSettings) {
        guard settings != context.settings else { return }
        context.settings = settings
        menu.backdrop = context.theme.backdrop
        if var day = wall {
            day.follow(settings)
            wall = day
            updateWallDeadline(at: time)
        }
        needsFullDraw = true
        if let screens = screen.relaid(at: time) { show(screens) }
    }

    /// The store changed under the panel (a feed added or removed from a phone): the screens that list the
    /// library read it again. New entries arrive as the refresh brings them (`entriesArrived`).
    public func libraryChanged() {
        let samples = context.library.showsSamples
        defer { showedSamples = samples }
        switch screen {
        case let feeds as FeedsScreen:
            // Drawn again only when the subscriptions changed: a refresh's own writes move the store too.
            if feeds.feeds.map(\.url) != context.library.feeds().map(\.url) { show([FeedsScreen(context: context)]) }
        case let notice as NoticeScreen where notice.kind == .empty:
            if context.library.hasFeeds { show([river(.unread)]) }
        case let list as ListScreen where samples != showedSamples:
            // The first feed replaces the samples (or the last one gone brings them back).
            show([context.library.hasFeeds || samples ? river(list.filter) : NoticeScreen.make(.empty, context: context, time: time)])
        default: break
        }
    }

    /// A setting changed on the panel: saved, and the screen set again in the new size or colours (the place
    /// is kept: the same river, the same article at the same point).
    func settingsChanged() {
        onSettingsChange?(context.settings)
        if let screens = screen.relaid(at: time) { show(screens) }
    }
}
