import Motion
import Raster
import Touch

/// Beamly's circular pull to refresh (BMYCircularProgressPullToRefresh): a 60 pt control above a list. The pull,
/// measured past the list's own top inset, fills a pie from 12 o'clock and fades in a logo (p = pull / 80);
/// at 80 pt with the finger down it is triggered; let go and it loads: the top inset grows by 60 pt over 0.3 s so
/// the control stays in view, the progress circle fades out and a spinner fades in while the refresh runs.
/// When it is done the inset and the content go back over 0.3 s.
///
///     stopped → triggered (≥ 80, finger down; back under 80 → stopped) → finger up → loading → done → stopped
///
/// Beyond the original: a refresh started from code (`beginRefreshing`) looks exactly like a pulled one, the
/// spinner included (the original's bug #8: no spinner); the release hands the content to the new inset
/// without a jump in position or speed.
///
/// Its owner takes `.began` from `takeEvents()`, starts the real work and calls `endRefreshing(at:)` when it is
/// done. On its own it follows its own vertical pan (`handle`) and paints the content under it through
/// `content`; under a `SwipeList`, the list's arena hands it the pan (`follow`) and the list paints the rows.
public final class CircularRefresh: Component {
    public enum State: String, Sendable { case stopped, triggered, loading }
    public enum Event: Sendable, Equatable {
        /// A refresh began (pulled, or from code): start the work.
        case began(at: Double)
    }

    static let triggerPull = 80.0
    public static let height = 60.0
    public static let fadeSeconds = 0.3

    public private(set) var state: State = .stopped
    /// The list under the control.
    public private(set) var scroll: ScrollView
    /// The list's own top inset, under the control's (0 in the demo).
    let baseInset: Double
    /// When the refresh began.
    public private(set) var loadingSince: Double?
    /// When the spinner started turning; it turns until it has faded out, after the refresh too.
    private var spinnerStart: Double?
    private var events = EventQueue<Event>()
    private var pan = PanRecognizer(axis: .vertical, dominance: 0)
    /// Paints the content under the control, scrolled by `scroll.offset`, when the control stands alone; nil
    /// when an owner paints it (a `SwipeList`'s rows).
    public var content: ((Canvas) -> Void)?
    /// The colour of the space a pull opens above the content.
    public var backdrop = Palette.backdrop
    private var drawn: Look?
    private var insetMotion = AnimatedValue(0)
    private var spinnerFade = AnimatedValue(0)
    private var circleFade = AnimatedValue(1)
    public private(set) var time = 0.0

    public init(scroll: ScrollView, baseInset: Double = 0) {
        self.scroll = scroll
        self.baseInset = baseInset
        self.scroll.setTopInset(baseInset, at: 0)
    }

    // MARK: What is reported

    /// How far the list is pulled down past its own top inset, ≥ 0.
    public var pulled: Double { max(0, -scroll.offset - baseInset) }
    /// pull / 80, clamped to 0…1: the pie's share and the logo's opacity.
    public var progress: Double { min(max(pulled / Self.triggerPull, 0), 1) }
    public var logoAlpha: Double { progress }
    /// The inset added above the list's own: 0, growing to 60 while loading.
    public var inset: Double { insetMotion.value }
    public var spinnerAlpha: Double { spinnerFade.value }
    /// The progress circle's opacity: it gives way to the spinner while loading.
    public var circleAlpha: Double { circleFade.value }

    /// The control's frame on screen: 60 pt just above the list's first row, moving with it.
    var controlFrame: Rect {
        Rect(x: scroll.frame.minX, y: scroll.frame.minY - scroll.offset - baseInset - Self.height,
             width: scroll.frame.width, height: Self.height)
    }

    // MARK: Input

    /// The state a drag `pulled` points down moves the control to: triggered at 80 or more (not strictly),
    /// stopped again under 80; loading is not changed by dragging.
    public static func state(_ state: State, dragged pulled: Double) -> State {
        switch state {
        case .stopped where pulled >= triggerPull: .triggered
        case .triggered where pulled < triggerPull: .stopped
        default: state
        }
    }

    /// Plays the list's vertical pan onto the list and the control.
    func follow(_ pan: PanRecognizer, at time: Double) {
        scroll.follow(pan, at: time)
        switch pan.state {
        case .began, .changed:
            state = Self.state(state, dragged: pulled)
        case .ended:
            if state == .triggered { beginLoading(at: time) }
        case .cancelled:
            if state == .triggered { state = .stopped }
        case .possible, .failed:
            break
        }
    }

    /// The list under the control changed length (rows loaded, removed or inserted).
    func setContentHeight(_ height: Double, at time: Double) { scroll.setContentHeight(height, at: time) }

    /// Starts a refresh from code, looking exactly as a pulled one: the content slides down to show the control
    /// (when it rests at its top), the circle gives way to the spinner.
    public func beginRefreshing(at time: Double) {
        guard state == .stopped else { return }
        state = .triggered
        beginLoading(at: time)
        if !scroll.isDragging, abs(scroll.offset + baseInset) < 0.5 {
            scroll.slide(to: -baseInset - Self.height, duration: Self.fadeSeconds, at: time)
        }
    }

    private func beginLoading(at time: Double) {
        state = .loading
        loadingSince = time
        spinnerStart = spinnerStart ?? time
        insetMotion.animate(to: Self.height, duration: Self.fadeSeconds, at: time)
        spinnerFade.animate(to: 1, duration: Self.fadeSeconds, at: time)
        circleFade.animate(to: 0, duration: Self.fadeSeconds, at: time)
        // The released list springs to the new inset from where it is, with the speed it has.
        scroll.setTopInset(baseInset + Self.height, at: time)
        events.append(.began(at: time))
    }

    /// The refresh is done: the inset and the content go back over 0.3 s.
    public func endRefreshing(at time: Double) {
        guard state == .loading else { return }
        state = .stopped
        loadingSince = nil
        insetMotion.animate(to: 0, duration: Self.fadeSeconds, at: time)
        spinnerFade.animate(to: 0, duration: Self.fadeSeconds, at: time)
        circleFade.animate(to: 1, duration: Self.fadeSeconds, at: time)
        let restingAtControl = !scroll.isDragging && abs(scroll.offset + baseInset + Self.height) < 0.5
        scroll.setTopInset(baseInset, at: time)
        if restingAtControl { scroll.slide(to: -baseInset, duration: Self.fadeSeconds, at: time) }
    }

    // MARK: Time

    @discardableResult
    public func advance(to time: Double) -> Bool {
        self.time = time
        let scrolling = scroll.advance(to: time)
        let insetMoving = insetMotion.advance(to: time)
        let spinnerFading = spinnerFade.advance(to: time)
        let circleFading = circleFade.advance(to: time)
        if spinnerAlpha == 0, state != .loading { spinnerStart = nil }
        // The spinner alone is not motion: it changes twelve times a second, and asks for those frames with
        // `nextSpinnerStep`.
        return scrolling || insetMoving || spinnerFading || circleFading
    }

    /// The spinner's clock: seconds since it started turning (0 when it does not show).
    var spinnerTime: Double { spinnerStart.map { max(0, time - $0) } ?? 0 }

    /// When the spinner next moves a spoke on, while it shows; a deadline, so a panel showing only the
    /// spinner wakes twelve times a second, not sixty.
    var nextSpinnerStep: Double? {
        guard let start = spinnerStart, spinnerAlpha > 0 else { return nil }
        return start + ((time - start) / Spinner.stepSeconds + 1e-9).rounded(.down) * Spinner.stepSeconds
            + Spinner.stepSeconds
    }
}

extension CircularRefresh {
    // MARK: The seam

    public func handle(_ frame: TouchFrame) {
        for event in frame.events {
            pan.handle(event)
            follow(pan, at: event.time)
        }
    }

    public func takeEvents() -> [Event] { events.take() }

    public var deadline: Double? { nextSpinnerStep }

    public func invalidateDrawing() { drawn = nil }

    /// Everything that decides the picture; two equal looks paint the same pixels.
    private struct Look: Equatable {
        var offset: Double
        var progress: Double, circle: Double, spinner: Double, spinnerStep: Int
    }

    private var look: Look {
        let step = Int((spinnerTime / Spinner.stepSeconds).rounded(.down))
        return Look(offset: scroll.offset, progress: progress, circle: circleAlpha, spinner: spinnerAlpha,
                    spinnerStep: spinnerAlpha > 0 ? step : 0)
    }

    public func pendingDamage(on canvas: Canvas) -> DamageRegion {
        let now = look
        guard now != drawn else { return DamageRegion() }
        if let before = drawn, before.offset == now.offset {
            // The content rests (held open while loading): only the circle or the spinner changes.
            return DamageRegion(canvas.pixels(covering: indicatorFrame).intersection(canvas.clip))
        }
        return DamageRegion(canvas.pixels(covering: scroll.frame).intersection(canvas.clip))
    }

    public func didDraw() { drawn = look }

    /// The space the pull opens, the content when the control stands alone, and the circle or spinner.
    public func paint(_ canvas: Canvas) {
        let frame = scroll.frame
        let inside = canvas.clipped(to: canvas.snapped(frame))
        if let content {
            inside.fill(frame, with: backdrop)
            content(inside)
        } else {
            let top = frame.minY - scroll.offset
            if top > frame.minY {
                inside.fill(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: top - frame.minY), with: backdrop)
            }
        }
        let control = controlFrame
        guard control.maxY > frame.minY, inside.needsDrawing(control) else { return }
        let center = Point(x: control.midX, y: control.midY)
        CircularProgressView.draw(into: inside, center: center, progress: progress, opacity: circleAlpha)
        Spinner.draw(into: inside, center: center, diameter: CircularProgressView.diameter, time: spinnerTime,
                     opacity: spinnerAlpha)
    }

    /// The square the circle and the spinner share, centred in the control.
    private var indicatorFrame: Rect {
        let control = controlFrame, side = CircularProgressView.diameter + 4
        return Rect(x: control.midX - side / 2, y: control.midY - side / 2, width: side, height: side)
    }
}
