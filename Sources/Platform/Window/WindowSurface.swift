import CSDL2
import Raster

/// The window's pixels as SDL keeps them (on X11 a shared-memory image the server copies from), 32-bit XRGB
/// like the panel's scanout buffers: the display copies its damage in and asks SDL to show just those
/// rectangles. Valid while the window keeps its size, which it always does.
final class WindowSurface {
    let pixels: Surface
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let window: OpaquePointer
    private let sdl: SDLLibrary

    init(_ surface: UnsafeMutablePointer<SDL_Surface>, window: OpaquePointer, sdl: SDLLibrary) throws(WindowError) {
        let format = surface.pointee.format?.pointee.format ?? 0
        // XRGB8888 and ARGB8888 lay pixels out as the shadow does; anything else (a 16-bit desktop) would need
        // converting on every present, which no desktop of today asks for.
        guard format == SDL_PIXELFORMAT_XRGB8888.rawValue || format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              let base = surface.pointee.pixels, surface.pointee.pitch % 4 == 0 else {
            throw WindowError("use the window's pixels", reason: "pixel format 0x\(String(format, radix: 16)) is not 32-bit XRGB")
        }
        // A window's own surface is never RLE-encoded, so it needs no locking; say so if that ever changes.
        guard lectern_sdl_must_lock(surface) == 0 else {
            throw WindowError("use the window's pixels", reason: "SDL asks for them to be locked")
        }
        pixels = Surface(borrowing: base.assumingMemoryBound(to: UInt32.self), width: Int(surface.pointee.w),
                         height: Int(surface.pointee.h), stride: Int(surface.pointee.pitch) / 4, format: .xrgb8888)
        self.surface = surface
        self.window = window
        self.sdl = sdl
    }

    /// Puts `rects` of the pixels on the screen.
    func show(_ rects: [PixelRect]) throws(WindowError) {
        guard !rects.isEmpty else { return }
        let sdlRects = rects.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
        guard sdl.call.UpdateWindowSurfaceRects(window, sdlRects, Int32(sdlRects.count)) == 0 else {
            throw WindowError("show \(rects.count) rectangles in the window", reason: sdl.lastError)
        }
    }

    /// Puts all of the pixels on the screen again (the window was uncovered).
    func showWhole() throws(WindowError) {
        guard sdl.call.UpdateWindowSurface(window) == 0 else {
            throw WindowError("show the window", reason: sdl.lastError)
        }
    }
}
