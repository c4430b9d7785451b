import Feeds
import Raster
import Touch
import Widgets

/// `article-pager`: articles 0, 1 and 2, starting on 0; 0 and 2 fit the screen, 1 is several screens long.
/// Pull past the end for the next article, past the top for the previous one.
public final class ArticlePagerScene: DemoScene {
    private let setting: HostSetting
    public let pager: ArticlePager

    /// No articles: the pager shows one saying there is nothing to read yet.
    public init(setting: HostSetting, articles: [PlainArticle] = SampleArticles.pagerArticles) {
        self.setting = setting
        pager = ArticlePager(frame: setting.bounds, source: SampleArticlePages(articles, typography: setting.typography),
                             typography: setting.typography, glyphs: setting.glyphs)
    }

    public func handle(_ frame: TouchFrame) { pager.handle(frame) }

    public func advance(to time: Double) -> Bool {
        let moving = pager.advance(to: time)
        // The demo has no list behind it: where the pager settles is read from it for the replay.
        _ = pager.takeEvents()
        return moving
    }

    public func invalidateDrawing() { pager.invalidateDrawing() }

    public var deadline: Double? { pager.deadline }

    public func prepareAhead() { pager.prepareAhead() }

    public func draw(into canvas: Canvas) -> DamageRegion { pager.draw(into: canvas) }

    public func inspection() -> [(String, JSONValue)] {
        func bar(_ bar: PagerBar, visible: Bool) -> JSONValue {
            .object([("visible", .bool(visible)), ("loaded", .bool(bar.isLoaded)), ("arrow", .number(bar.arrow.angle))])
        }
        let transition: JSONValue = pager.transition.map {
            .object([("to", .integer($0.to)), ("progress", .number($0.progress(at: pager.time)))])
        } ?? .null
        return [("article", .integer(pager.current)), ("scrollY", .number(pager.scroll.offset)),
                ("header", bar(pager.header, visible: pager.headerVisible)),
                ("footer", bar(pager.footer, visible: pager.footerVisible)),
                ("transition", transition)]
    }
}
