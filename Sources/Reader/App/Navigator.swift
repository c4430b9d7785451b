import Feeds

/// The screens a person went through, the one on show on top. Few moves keep what is below: an article goes
/// over the river it was opened from (Back returns to it), and the wall's screens go over whatever a person
/// left (a touch gives it back). Every other move starts afresh from one screen, as a menu choice does.
final class Navigator {
    private(set) var stack: [any Screen]

    init(_ root: any Screen) { stack = [root] }

    var top: any Screen { stack[stack.count - 1] }
    /// The screen under the one on show.
    var below: (any Screen)? { stack.count > 1 ? stack[stack.count - 2] : nil }

    func push(_ screen: any Screen) { stack.append(screen) }

    /// Back to the screen below; false (and nothing changes) on the root.
    @discardableResult
    func pop() -> Bool {
        guard stack.count > 1 else { return false }
        stack.removeLast()
        return true
    }

    /// The screen on show replaced by another, what is below kept.
    func replace(with screen: any Screen) { stack[stack.count - 1] = screen }

    /// A fresh start: `screens` from the root (never empty).
    func reset(to screens: [any Screen]) {
        precondition(!screens.isEmpty, "a navigator always shows a screen")
        stack = screens
    }

    /// The place a restart brings back: the screen on show says it.
    var place: ReaderPlace { top.place(over: below) }

    /// The wall's screen on show given back: what a person left is on top again (false when nothing was left,
    /// and the wall's screen stays).
    func leaveWall() -> Bool {
        guard let kept = stack.lastIndex(where: { !$0.isWall }) else { return false }
        stack.removeSubrange((kept + 1)...)
        return true
    }

    // MARK: The place after a restart

    /// The screens that bring `place` back: its river and, when an article was open, the article over it.
    static func screens(for place: ReaderPlace, context: ReaderContext, time: Double) -> [any Screen] {
        guard context.library.hasFeeds else { return [NoticeScreen.make(.empty, context: context, time: time)] }
        let filter = riverFilter(place.filter, context: context)
        var list = ListScreen.river(filter, context: context, time: time)
        if let entry = place.entry, !list.rows.contains(where: { $0.entry.id.rawValue == entry }),
           let row = context.library.row(EntryID(rawValue: entry)) {
            // Read since it was opened, it has left the Unread river: it goes back where it sorts, so the pager's
            // neighbours are the ones the person had.
            var rows = list.rows
            let at = rows.firstIndex { ($0.entry.sortTime, $0.entry.id.rawValue) < (row.entry.sortTime, row.entry.id.rawValue) } ?? rows.count
            rows.insert(row, at: at)
            list = ListScreen(context: context, filter: filter, rows: rows, unread: context.library.unreadCount())
        }
        if let entry = place.entry, let index = list.rows.firstIndex(where: { $0.entry.id.rawValue == entry }) {
            return [list, ArticleScreen(context: context, list: list, index: index, scrollY: place.scrollY)]
        }
        return [list]
    }

    static func riverFilter(_ filter: ReaderPlace.Filter, context: ReaderContext) -> RiverFilter {
        switch filter {
        case .unread: return .unread
        case .today: return .today
        case .starred: return .starred
        case .feed(let url):
            guard let feed = context.library.feeds().first(where: { $0.url == url }) else { return .unread }
            return .feed(feed.id, url: feed.url, title: feed.title ?? feed.url)
        }
    }

    static func placeFilter(_ filter: RiverFilter) -> ReaderPlace.Filter {
        switch filter {
        case .unread: .unread
        case .today: .today
        case .starred: .starred
        case .feed(_, let url, _): .feed(url: url)
        }
    }
}
