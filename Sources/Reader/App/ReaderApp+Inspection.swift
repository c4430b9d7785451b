import Feeds
import Touch
import Widgets
import Wireless

/// `lectern replay reader`'s fields for one frame (docs/replay.md's contract; keep the names).
extension ReaderApp {
    public func inspection() -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [("screen", .string(screenName)), ("overlay", overlayName.map { .string($0) } ?? .null)]
        fields.append(("list", listField))
        fields.append(("article", articleField))
        if let panel = menuPanel, menu.overlay.isShowing {
            fields.append(("menu", .object([("items", .array(panel.items.map { item in
                .object([("name", .string(item.name)), ("x", .number(item.frame.minX)), ("y", .number(item.frame.minY)),
                         ("width", .number(item.frame.width)), ("height", .number(item.frame.height))])
            }))])))
        } else {
            fields.append(("menu", .null))
        }
        switch overlay {
        case .code(let code)?: fields.append(("qr", .object([("text", .string(code.text))])))
        case .pairing(let card)?: fields.append(("qr", .object([("text", .string(card.url))])))
        case .wifi?:
            // While the hotspot is up: the code that joins it, and the set-up page's.
            if let wifi = context.wifi, wifi.status.hotspot != nil {
                fields.append(("qr", .object([("text", .string(wifi.hotspot.joinCode.text)), ("page", .string(Hotspot.pageAddress))])))
            } else {
                fields.append(("qr", .null))
            }
        default: fields.append(("qr", .null))
        }
        fields.append(("textSize", .number(context.settings.bodySize)))
        fields.append(("unread", .integer(context.library.unreadCount())))
        fields.append(("theme", .string(context.settings.theme.rawValue)))
        fields.append(("samples", .bool(context.library.showsSamples)))
        fields.append(("power", .string((wall?.power ?? .on).rawValue)))
        fields.append(("saving", .bool(context.library.unsavedReason == nil)))
        if let card = pairingCard {
            fields.append(("pairing", .object([("expires", .integer(Int(card.window.secondsLeft(at: wallNow.secondsSince1970)))),
                                               ("state", .string(card.window.state.rawValue))])))
        } else {
            fields.append(("pairing", .null))
        }
        fields.append(("wifi", wifiField))
        fields.append(("notice", (footNote?.words ?? context.notice).map { .string($0) } ?? .null))
        if let ambient = screen as? AmbientScreen, let card = ambient.currentCard {
            fields.append(("card", .object([("id", .string(card.row.entry.key)), ("title", .string(card.row.title)),
                                            ("continues", .bool(card.continues))])))
        }
        if let feeds = screen as? FeedsScreen {
            fields.append(("pull", .string(feeds.state.rawValue)))
            fields.append(("feeds", .array(feeds.visibleFeeds().map { row in
                .object([("url", .string(row.feed.url)), ("title", .string(row.feed.title ?? row.feed.url)),
                         ("unread", .integer(row.feed.unreadCount)), ("muted", .bool(row.feed.isMuted)),
                         ("status", .string(row.status)), ("offset", .number(row.offset))])
            })))
            fields.append(("undo", .bool(feeds.undo != nil)))
        }
        if let list = screen as? ListScreen {
            fields.append(("refresh", .string(list.refresh.state.rawValue)))
            fields.append(("newEntries", .integer(list.newCount)))
            fields.append(("sheet", .string(list.list.sheet.isVisible ? "open" : "closed")))
            fields.append(("undo", .bool(list.undo != nil)))
        }
        return fields
    }

    public var screenName: String { screen.name }

    var overlayName: String? {
        if menu.overlay.isShowing { return "menu" }
        if let list = screen as? ListScreen, list.list.sheet.isVisible { return "sheet" }
        return overlay?.name
    }

    var listField: JSONValue {
        guard let list = screen as? ListScreen else { return .null }
        let rows: [JSONValue] = list.visibleRows().map { visible in
            let entry = visible.row.entry
            return .object([("id", .string(entry.key)), ("link", entry.link.map { .string($0) } ?? .null),
                            ("feed", .string(visible.row.feedTitle)), ("title", .string(visible.row.title)),
                            ("y", .number(visible.frame.minY)), ("height", .number(visible.frame.height)),
                            ("read", .bool(entry.isRead)), ("starred", .bool(entry.isStarred)),
                            ("offset", .number(visible.offset))])
        }
        return .object([("filter", .string(list.filter.inspectionName)), ("rows", .array(rows))])
    }

    var articleField: JSONValue {
        guard let article = screen as? ArticleScreen else { return .null }
        let row = article.current
        let transition: JSONValue = article.pager.transition.map { t in
            .object([("to", .string(article.pages.rows[t.to].entry.key)),
                     ("progress", .number(t.progress(at: article.pager.time)))])
        } ?? .null
        return .object([("id", .string(row.entry.key)), ("link", row.entry.link.map { .string($0) } ?? .null),
                        ("title", .string(row.title)), ("scrollY", .number(article.pager.scroll.offset)),
                        ("contentHeight", .number(article.pager.currentPage.contentHeight)),
                        ("transition", transition)])
    }
}

/// What the benchmarks (a separate executable) need to know of the reader's layout, and the one jump they make.
extension ReaderApp {
    /// Where the list's first row starts, in points.
    public static var listHeaderHeight: Double { ListScreen.headerHeight }
    /// The widest reading column, in points: pictures are decoded to it.
    public static var readingColumnWidth: Double { ColumnPictures.columnWidth }

    /// Scrolls the open article to its end, with no gesture, and reports whether an article was open.
    public func jumpToArticleEnd() -> Bool {
        guard let article = screen as? ArticleScreen else { return false }
        article.pager.restore(scrollY: article.pager.scroll.maxOffset)
        invalidateDrawing()
        return true
    }
}
