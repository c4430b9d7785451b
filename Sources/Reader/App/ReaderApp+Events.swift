import Feeds
import Raster
import Touch
import Widgets

/// What the screens report, turned into store writes and navigation.
extension ReaderApp {
    func collectListEvents(_ list: ListScreen) {
        for event in list.takeEvents() {
            switch event {
            case .open(let index):
                guard list.rows.indices.contains(index) else { continue }
                open(index, in: list)
            case .openMenu: presentMenu(at: time)
            case .refresh: startRefresh(from: .list)
            case .removed(let index):
                let entry = list.rows[index].entry
                storeWrite {
                    if list.filter == .starred { try context.library.setStarred(entry.id, false, at: wallNow) } else {
                        try context.library.markRead([entry.id], read: true, at: wallNow)
                    }
                }
                list.update(index) { if list.filter == .starred { $0.isStarred = false } else { $0.isRead = true } }
            case .toggleRead(let index):
                let entry = list.rows[index].entry
                storeWrite { try context.library.markRead([entry.id], read: !entry.isRead, at: wallNow) }
                list.update(index) { $0.isRead.toggle() }
            case .undo(let index):
                let entry = list.rows[index].entry
                storeWrite {
                    if list.filter == .starred { try context.library.setStarred(entry.id, true, at: wallNow) } else {
                        try context.library.markRead([entry.id], read: false, at: wallNow)
                    }
                }
                list.update(index) { if list.filter == .starred { $0.isStarred = true } else { $0.isRead = false } }
                list.restore(index, at: time)
            case .sheet(let index, let option):
                let entry = list.rows[index].entry
                switch option {
                case .toggleRead:
                    storeWrite { try context.library.markRead([entry.id], read: !entry.isRead, at: wallNow) }
                    list.update(index) { $0.isRead.toggle() }
                case .toggleStar:
                    storeWrite { try context.library.setStarred(entry.id, !entry.isStarred, at: wallNow) }
                    list.update(index) { $0.isStarred.toggle() }
                case .qr:
                    if let link = entry.link { overlay = .qr(link) }
                case .muteFeed:
                    // Its rows leave Unread and Today at once; Feeds lists it as muted, where a swipe unmutes it.
                    storeWrite { try context.library.setMuted(entry.feed, true) }
                    show(.list(makeList(list.filter)))
                }
            case .showNew:
                show(.list(makeList(list.filter)))
            }
        }
    }

    /// Opens row `index` of the list: the entry is marked read as it opens (the list shows it read on return).
    func open(_ index: Int, in list: ListScreen) {
        let article = ArticleScreen(context: context, rows: list.rows, index: index)
        markOpened(index, in: list)
        show(.article(article, list: list))
    }

    func markOpened(_ index: Int, in list: ListScreen) {
        let entry = list.rows[index].entry
        guard !entry.isRead else { return }
        let (library, now) = (context.library, wallNow)
        storeWriteAtRest { try library.markRead([entry.id], read: true, at: now) }
        list.update(index) { $0.isRead = true }
    }

    func collectArticleEvents() {
        guard case .article(let article, let list) = screen else { return }
        for event in article.takeEvents() {
            switch event {
            case .back:
                show(.list(list))
            case .turned(let index):
                markOpened(index, in: list)
                placeChanged()
            case .link(let url): overlay = .qr(url)
            case .image(let url, let alt): overlay = .image(url: url, alt: alt)
            }
        }
    }

    func collectFeedsEvents(_ feeds: FeedsScreen) {
        for event in feeds.takeEvents() {
            switch event {
            case .refreshAll: startRefresh(from: .feeds)
            case .openMenu: presentMenu(at: time)
            case .open(let id):
                guard let feed = feeds.feeds.first(where: { $0.id == id }) else { continue }
                show(.list(makeList(.feed(feed.id, url: feed.url, title: feed.title ?? feed.url))))
            case .toggleMute(let id):
                guard let feed = feeds.feeds.first(where: { $0.id == id }) else { continue }
                storeWrite { try context.library.setMuted(id, !feed.isMuted) }
                feeds.refreshFeed(id)
            case .unsubscribe(let id):
                storeWrite { try context.library.unsubscribe(id) }
            }
        }
    }

    // MARK: Refresh

    func startRefresh(from origin: RefreshOrigin) {
        refreshOrigin = origin
        if let startSync, !context.library.showsSamples {
            if !startSync() { finishRefresh() }
            return
        }
        let submitted = context.library.showsSamples ? 0 : (refreshing?.start(at: wallNow) ?? 0)
        if submitted == 0 { finishRefresh() }
    }

    /// The refresh's worker has reports: take them now (the host calls this when its descriptor is readable).
    public func refreshReportsReady() { takeRefreshReports() }

    func takeRefreshReports() {
        guard refreshOrigin != nil, let refreshing else { return }
        let reports = refreshing.collect()
        for report in reports {
            if case .updated(let added, _) = report.outcome { pendingArrivals += added }
            if case .feeds(let feeds) = screen { feeds.report(report) }
        }
        if !refreshing.isRunning { finishRefresh() }
    }

    func finishRefresh() {
        let added = pendingArrivals
        pendingArrivals = 0
        refreshOrigin = nil
        switch screen {
        case .list(let list): list.refreshFinished(added: added, at: time)
        case .feeds(let feeds): feeds.refreshFinished(at: time)
        default: break
        }
        needsFullDraw = true
    }

    /// A sync with the account finished (pulled for, or on its schedule): a pull waiting for it ends with each
    /// feed's line saying what came, or why the sync failed; else the list says how many arrived.
    public func syncFinished(_ outcome: SyncWorker.Outcome) {
        var added = 0
        var reports: [FeedRefresher.Report] = []
        for feed in context.library.feeds() {
            let result: FeedRefresher.Report.Outcome
            switch outcome {
            case .success(let report):
                let new = report.newPerFeed[feed.id] ?? 0
                added += new
                result = .updated(added: new, updated: 0)
            case .failure(let error): result = .failed(error.message)
            }
            reports.append(FeedRefresher.Report(feed: feed.id, title: feed.title ?? feed.url, outcome: result))
        }
        guard refreshOrigin != nil else {
            entriesArrived(added)
            return
        }
        if case .feeds(let feeds) = screen { for report in reports { feeds.report(report) } }
        pendingArrivals += added
        finishRefresh()
    }

    /// Entries arrived from the background refresh: the list says how many, without moving a row.
    public func entriesArrived(_ added: Int) {
        guard added > 0 else { return }
        if case .list(let list) = screen { list.refreshFinished(added: added, at: time, minimum: 0) }
        if case .empty = screen, context.library.hasFeeds { restore(ReaderPlace()) }
        needsFullDraw = true
    }

    // MARK: The menu

    func perform(_ action: MenuPanel.Action, at time: Double) {
        switch action {
        case .filter(let filter):
            show(context.library.hasFeeds ? .list(makeList(filter)) : .empty(Self.emptyScreen(context)))
        case .feeds: show(.feeds(FeedsScreen(context: context)))
        case .textSmaller, .textLarger:
            context.settings.textSize = context.settings.textSize(stepped: action == .textLarger ? 1 : -1)
            settingsChanged()
        case .theme:
            let names = Theme.Name.allCases
            let next = names[((names.firstIndex(of: context.settings.theme) ?? 0) + 1) % names.count]
            context.settings.theme = next
            settingsChanged()
        case .qr:
            if case .article(let article, _) = screen, let link = article.current.entry.link { overlay = .qr(link) }
        case .markAllRead:
            if case .list(let list) = screen {
                storeWrite { try context.library.markAllRead(list.rows, of: list.filter, at: wallNow) }
                show(.list(makeList(list.filter)))
            } else if case .article(_, let list) = screen {
                storeWrite { try context.library.markAllRead(list.rows, of: list.filter, at: wallNow) }
            }
        case .settings: show(.settings(Self.settingsScreen(context), about: false))
        case .about: show(.settings(Self.aboutScreen(context), about: true))
        }
    }

    /// A setting changed on the panel: saved, and the screen set again in the new size or colours (the place
    /// is kept: the same river, the same article at the same point).
    func settingsChanged() {
        onSettingsChange?(context.settings)
        switch screen {
        case .list(let list): show(.list(makeList(list.filter)))
        case .article(let article, let list):
            let rows = list.rows
            let relaid = ListScreen(context: context, filter: list.filter, rows: rows, unread: context.library.unreadCount())
            show(.article(ArticleScreen(context: context, rows: rows, index: article.pager.current,
                                        scrollY: article.pager.scroll.offset), list: relaid))
        case .settings(_, let about):
            show(.settings(about ? Self.aboutScreen(context) : Self.settingsScreen(context), about: about))
        case .feeds: show(.feeds(FeedsScreen(context: context)))
        case .empty: show(.empty(Self.emptyScreen(context)))
        case .ambient, .night: break
        }
    }

    func settingTapped(_ name: String) {
        switch name {
        case "Smaller": perform(.textSmaller, at: time)
        case "Larger": perform(.textLarger, at: time)
        case "Light", "Sepia", "Dark":
            context.settings.theme = Theme.Name(rawValue: name.lowercased()) ?? .light
            settingsChanged()
        case "Nearer":
            context.settings.readingDistance = max(0.3, context.settings.readingDistance - 0.3)
            settingsChanged()
        case "Done":
            show(context.library.hasFeeds ? .list(makeList(.unread)) : .empty(Self.emptyScreen(context)))
        case "Farther":
            context.settings.readingDistance = min(3, context.settings.readingDistance + 0.3)
            settingsChanged()
        default: break
        }
    }
}
