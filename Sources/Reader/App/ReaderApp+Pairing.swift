import Pairing
import Raster
import Text
import Touch
import Widgets

/// A phone paired from the panel: the menu's Phone (and the settings and empty screens') opens a pairing window
/// and shows its card; the card counts down each second while it shows, closes when a phone pairs ("Paired:
/// …" at the foot of the screen), when the time runs out, or when tapped (which cancels the window). A window
/// opened from a shell (`lectern pair`) shows the same card once the host hands it over.
extension ReaderApp {
    /// How long a line at the foot of the screen ("Paired: …") stays, seconds.
    static let footNoteSeconds = 8.0

    var pairingCard: PairingCard? {
        if case .pairing(let card)? = overlay { return card }
        return nil
    }

    func openPairing() {
        guard let pairing = context.pairing else {
            showFootNote("Phones pair with a panel that keeps its state, and this one has no state directory.")
            return
        }
        do {
            showPairingCard(try pairing.book.open(now: wallNow.secondsSince1970), pairing: pairing)
        } catch {
            showFootNote("No pairing window: \(error)")
        }
    }

    func showPairingCard(_ window: PairingWindow, pairing: PanelPairing) {
        overlay = .pairing(PairingCard(window: window, url: pairing.url(for: window), now: wallNow.secondsSince1970))
        pairingTick = time
    }

    /// The pairing window's file changed (the host watches it): a phone paired, wrong codes closed it, or a
    /// window was opened from a shell. `window` is what the file holds now.
    public func pairingWindowChanged(_ window: PairingWindow?) {
        guard let window else { return }
        if let card = pairingCard, card.window.code == window.code {
            switch window.state {
            case .open: card.update(window)
            case .paired:
                overlay = nil
                showFootNote("Paired: \(window.phone ?? "a phone")")
                phonesChanged()
            case .refused:
                card.update(window)
                needsFullDraw = true
            case .cancelled: overlay = nil
            }
        } else if window.isOpen(at: wallNow.secondsSince1970), let pairing = context.pairing, window.code != lastPairingCode {
            // Opened elsewhere (`lectern pair`): the same card, so the person at the panel sees the code; ambient
            // gives way to it (a panel dark for the night stays dark).
            if screen.isWall {
                if wall?.mode == .night {
                    lastPairingCode = window.code
                    return
                }
                wall?.stir(at: time)
                comeBack()
            }
            showPairingCard(window, pairing: pairing)
        }
        lastPairingCode = window.code
    }

    /// While an open window's card shows, the panel is not idle: ambient would hide the code.
    func holdWallForPairing(at time: Double) {
        guard let card = pairingCard, card.window.state == .open else { return }
        wall?.stir(at: time)
    }

    /// The card tapped away: an open window is cancelled, so its code is no use to anyone afterwards.
    func closePairingCard(_ card: PairingCard) {
        overlay = nil
        pairingTick = nil
        if card.window.state == .open { try? context.pairing?.book.cancel() }
    }

    /// Each second while the card shows: the time left drawn again, the card closed when it runs out.
    func advancePairing(to time: Double) {
        if let until = footNote?.until, time >= until {
            footNote = nil
            needsFullDraw = true
        }
        guard let card = pairingCard else {
            pairingTick = nil
            return
        }
        guard card.window.state == .open else {
            pairingTick = nil
            return
        }
        let left = card.window.secondsLeft(at: wallNow.secondsSince1970)
        if left <= 0 {
            overlay = nil
            pairingTick = nil
            return
        }
        if left != card.shownLeft {
            card.shownLeft = left
            needsFullDraw = true
        }
        if let tick = pairingTick, time < tick { return }
        pairingTick = time.rounded(.down) + 1
    }

    /// The paired phones changed (one paired, one forgotten here or from a phone): the settings screen lists
    /// them again.
    public func phonesChanged() {
        guard let notice = screen as? NoticeScreen, notice.kind == .settings else { return }
        // The file also changes when a phone is seen (once a minute while it uses the page): the screen is made
        // again only when the phones it lists changed, so a person reading it is not moved.
        let listed = (context.pairing?.book.phones() ?? []).map { "\($0.id) \($0.name)" }
        guard listed != notice.listedPhones else { return }
        show([NoticeScreen.make(.settings, context: context, time: time)])
    }

    func forgetPhone(_ id: String) {
        do { try context.pairing?.book.forget(id: id) } catch { showFootNote("Not forgotten: \(error)") }
        phonesChanged()
    }

    // MARK: The foot note

    func showFootNote(_ words: String) {
        footNote = (words, time + Self.footNoteSeconds)
        needsFullDraw = true
    }

    /// A line at the foot of any screen, on the accent colour, until its time is up.
    func drawFootNote(_ words: String, into canvas: Canvas) {
        let frame = UndoBar.frame(in: context.bounds)
        canvas.fill(RoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, cornerRadius: 10),
                    color: context.theme.accent)
        let text = context.typography.layout(words, style: context.style(size: 15, weight: .bold, color: context.theme.paper),
                                             paragraph: ParagraphStyle(alignment: .center, maxLines: 2), width: frame.width - 24)
        canvas.draw(text, at: Point(x: frame.minX + 12, y: frame.midY - context.typography.height(of: text) / 2))
    }
}
