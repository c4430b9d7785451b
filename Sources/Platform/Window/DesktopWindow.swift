import CSDL2

/// A window on the desktop through SDL2, the size of the panel it stands in for, not resizable: a picture one
/// pixel per panel pixel, so what it shows is what the panel would. SDL's video starts with it and stops with it.
public final class DesktopWindow {
    public let width: Int
    public let height: Int
    let sdl: SDLLibrary
    /// SDL_Window, opaque to Swift.
    private let window: OpaquePointer

    /// `environment` says which desktop there is (DISPLAY, WAYLAND_DISPLAY, SDL_VIDEODRIVER).
    public init(title: String, width: Int, height: Int,
                environment: [String: String] = ProcessEnvironment.current()) throws(WindowError) {
        // A window on a desktop, X11 or Wayland, whichever the environment names: not SDL's KMS backend, which
        // would take over a text console (driving the panel is the kiosk's job), and not a desktop that is not
        // there (libwayland would print its own complaint). SDL_VIDEODRIVER, when set, still decides.
        let drivers = [("x11", "DISPLAY"), ("wayland", "WAYLAND_DISPLAY")]
            .filter { environment[$0.1].map { !$0.isEmpty } ?? false }.map(\.0)
        guard !drivers.isEmpty || environment["SDL_VIDEODRIVER"] != nil else {
            throw WindowError("find a desktop", reason: "neither DISPLAY nor WAYLAND_DISPLAY is set")
        }
        sdl = try SDLLibrary()
        // The event loop takes SIGINT and SIGTERM through its signalfd; SDL must not turn them into SDL_QUIT.
        _ = sdl.call.SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        let tried = environment["SDL_VIDEODRIVER"] ?? drivers.joined(separator: ",")
        _ = sdl.call.SetHint(SDL_HINT_VIDEODRIVER, tried)
        // Leave the desktop's compositor running: this is one window among others, not a game.
        _ = sdl.call.SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        guard sdl.call.Init(UInt32(SDL_INIT_VIDEO)) == 0 else {
            throw WindowError("start SDL's video (\(tried))", reason: sdl.lastError)
        }
        guard let made = sdl.call.CreateWindow(title, Self.anywhere, Self.anywhere, Int32(width), Int32(height),
                                               SDL_WINDOW_SHOWN.rawValue) else {
            let reason = sdl.lastError
            sdl.call.Quit()
            throw WindowError("open a \(width)x\(height) window", reason: reason)
        }
        window = made
        self.width = width
        self.height = height
    }

    deinit {
        sdl.call.DestroyWindow(window)
        sdl.call.Quit()
    }

    /// The window's own pixels, which SDL shows on request (see `WindowSurface`).
    func framebuffer() throws(WindowError) -> WindowSurface {
        guard let surface = sdl.call.GetWindowSurface(window) else {
            throw WindowError("get the window's pixels", reason: sdl.lastError)
        }
        return try WindowSurface(surface, window: window, sdl: sdl)
    }

    /// The next event SDL has queued for the process, without waiting.
    func nextEvent() -> SDL_Event? {
        var event = SDL_Event()
        return sdl.call.PollEvent(&event) == 1 ? event : nil
    }

    /// Milliseconds since SDL started, the clock of SDL's event timestamps.
    var ticks: UInt32 { sdl.call.GetTicks() }

    /// SDL_WINDOWPOS_UNDEFINED, a function-like macro Swift cannot see: the window manager places the window.
    private static let anywhere: Int32 = 0x1FFF_0000
}
