import CFreeType

/// One FreeType instance. Faces keep a reference so it outlives them (FT_Done_Face needs the library).
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw FontError("FreeType failed to start (error \(error))") }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}
