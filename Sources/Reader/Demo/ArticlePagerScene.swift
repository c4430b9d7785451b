import Raster
import Touch
import Widgets

/// `article-pager`: articles 0, 1 and 2, starting on 0; 0 and 2 fit the screen, 1 is several screens long.
/// Pull past the end for the next article, past the top for the previous one.
public final class ArticlePagerScene: DemoScene {
    private let setting: HostSetting
    public let pager: ArticlePager
    private var drawn: Look?

    public init(setting: HostSetting, articles: [Article] = SampleArticles.pagerArticles) {
        self.setting = setting
        pager = ArticlePager(frame: setting.bounds, articles: articles, typography: setting.typography,
                             glyphs: setting.glyphs)
    }

    public func handle(_ frame: TouchFrame) {
        for event in frame.events { pager.handle(event) }
    }

    public func advance(to time: Double) -> Bool { pager.advance(to: time) }

    public func invalidateDrawing() { drawn = nil }

    public var deadline: Double? { nil }

    public func prepareAhead() { pager.prepareNeighbours() }

    private struct Look: Equatable {
        var article: Int
        var offset: Double
        var header: Double, headerLoaded: Bool
        var footer: Double, footerLoaded: Bool
        var slide: Double?
    }

    private var look: Look {
        Look(article: pager.current, offset: pager.scroll.offset, header: pager.header.arrow.angle,
             headerLoaded: pager.header.isLoaded, footer: pager.footer.arrow.angle,
             footerLoaded: pager.footer.isLoaded, slide: pager.transitionProgress)
    }

    public func draw(into canvas: Canvas) -> DamageRegion {
        let now = look
        guard now != drawn else { return DamageRegion() }
        drawn = now
        // Everything on this screen moves together: the page, its bars, a slide.
        let damage = DamageRegion(canvas.clip)
        repaint(damage, on: canvas) { pager.draw(into: $0) }
        return damage
    }

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
