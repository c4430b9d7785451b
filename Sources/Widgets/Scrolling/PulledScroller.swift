import Raster
import Touch

/// A control that owns a list's scroller because its pull is the list's own drag: Beamly's circular refresh,
/// Pull to Action. A `SwipeList` under one hands it the vertical pans and the list's length, and paints it over
/// the rows as one more layer, its damage joined to the list's.
protocol PulledScroller: AnyObject {
    var scroll: ScrollView { get }
    func follow(_ pan: PanRecognizer, at time: Double)
    func setContentHeight(_ height: Double, at time: Double)
    @discardableResult func advance(to time: Double) -> Bool
    var deadline: Double? { get }
    func pendingDamage(on canvas: Canvas) -> DamageRegion
    func paint(_ canvas: Canvas)
    func didDraw()
    func invalidateDrawing()
}

/// The pull control a `SwipeList` puts above its rows: the two there are, named, so what each plays from a
/// drag (`follow`) stays inside Widgets.
public enum PullControl {
    case refresh(CircularRefresh)
    case action(PullToAction)

    var scroller: any PulledScroller {
        switch self {
        case .refresh(let refresh): refresh
        case .action(let action): action
        }
    }
}

extension CircularRefresh: PulledScroller {}
extension PullToAction: PulledScroller {}
