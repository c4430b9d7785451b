/// Lectern's version: `lectern --version`, and the User-Agent feeds are fetched with.
enum LecternVersion {
    static let current = "0.1.0"
}
