import Raster
import Touch

/// A control that owns a list's scroller because its pull is the list's own drag: Beamly's circular refresh,
/// Pull to Action. A `SwipeList` under one hands it the vertical pans and the list's length, and paints it over
/// the rows as one more layer, its damage joined to the list's.
public protocol PulledScroller: AnyObject {
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

extension CircularRefresh: PulledScroller {}
extension PullToAction: PulledScroller {}
