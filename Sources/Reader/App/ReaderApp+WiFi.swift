import Feeds
import Raster
import Touch
import Wireless

/// Wi-Fi from the panel: the menu's Wi-Fi (and the settings') shows the Wi-Fi card; "Set up from phone" opens the
/// hotspot, whose codes the card then shows; the card follows each step of the set-up and says how it ended.
/// A panel that starts with no network and no Wi-Fi set up offers the card by itself, once.
extension ReaderApp {
    var wifiCard: WiFiCard? {
        if case .wifi(let card)? = overlay { return card }
        return nil
    }

    func showWiFiCard() {
        guard context.wifi?.status.radio == true else {
            showFootNote("This panel has no Wi-Fi radio (or iwd is not running).")
            return
        }
        if wifiCard == nil { overlay = .wifi(WiFiCard()) }
        needsFullDraw = true
    }

    func wifiCardTapped(_ card: WiFiCard, at point: Point) {
        switch card.target(at: point) {
        case .setUpFromPhone?: context.wifi?.handle(.hotspot)
        case .cancel?:
            context.wifi?.handle(.cancel)
            overlay = nil
        case .close?: overlay = nil
        case nil:
            // The hotspot's codes stay up until Cancel: a stray tap must not hide them from the person scanning.
            if context.wifi?.hotspotShown != true { overlay = nil }
        }
        needsFullDraw = true
    }

    /// The set-up's status changed (the host hears it from the radio or from a phone's request). The card
    /// shows every step; a hotspot opened from elsewhere (`lectern wifi hotspot`) brings the card up, as a
    /// pairing window opened from a shell does.
    public func wifiChanged() {
        guard let wifi = context.wifi else { return }
        if wifiCard == nil, wifi.hotspotShown, !(screen.isWall && wall?.mode == .night) {
            if screen.isWall {
                wall?.stir(at: time)
                comeBack()
            }
            overlay = .wifi(WiFiCard())
        }
        if wifiCard != nil { needsFullDraw = true }
        if let notice = screen as? NoticeScreen, notice.kind == .settings, notice.listedWiFi != NoticeScreen.wifiLine(context) {
            show([NoticeScreen.make(.settings, context: context, time: time)])
        }
    }

    /// No network at all and no Wi-Fi set up: the Wi-Fi card, once per run, unless something else is over the
    /// screen. The host decides when (it knows the other links).
    public func offerWiFiSetUp() {
        guard overlay == nil, !menu.overlay.isShowing, !screen.isWall else { return }
        showWiFiCard()
    }

    /// While the hotspot is up the panel is not idle: ambient would hide its codes.
    func holdWallForWiFi(at time: Double) {
        guard wifiCard != nil, context.wifi?.hotspotShown == true else { return }
        wall?.stir(at: time)
    }

    /// `replay reader`'s `wifi` field: null without a radio.
    var wifiField: JSONValue {
        guard let wifi = context.wifi, wifi.status.radio else { return .null }
        let status = wifi.status
        return .object([("step", .string(status.step.rawValue)), ("network", status.network.map { .string($0) } ?? .null),
                        ("hotspot", status.hotspot.map { .string($0) } ?? .null),
                        ("outcome", status.outcome.map { .string($0.result.rawValue) } ?? .null),
                        ("card", .bool(wifiCard != nil))])
    }
}
