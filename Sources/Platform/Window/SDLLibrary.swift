#if canImport(Glibc)
import Glibc
#endif
import CSDL2

/// libSDL2, opened at run time rather than linked (see CSDL2/shim.h): only `lectern run --window` needs it, and
/// the kiosk must start on the appliance, where it is not installed.
final class SDLLibrary {
    /// The name Debian's libsdl2-2.0-0 installs, what a linked binary would have asked for.
    static let soname = "libSDL2-2.0.so.0"
    /// The functions the window calls.
    let call: lectern_sdl

    init() throws(WindowError) {
        // Never closed: SDL may leave threads of its own (D-Bus for input methods) running code in it.
        guard let handle = dlopen(Self.soname, RTLD_NOW | RTLD_LOCAL) else {
            throw WindowError("open \(Self.soname) (install libsdl2-2.0-0)", reason: dlerror().map { String(cString: $0) } ?? "")
        }
        var call = lectern_sdl()
        if let missing = lectern_sdl_find(handle, &call) {
            throw WindowError("find \(String(cString: missing)) in \(Self.soname)", reason: "too old an SDL2")
        }
        self.call = call
    }

    /// SDL's message for the call that failed last on this thread.
    var lastError: String { call.GetError().map { String(cString: $0) } ?? "" }
}
