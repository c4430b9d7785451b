/// Lectern's version: `lectern --version`, and the User-Agent feeds are fetched with.
public enum LecternVersion {
    public static let current = "0.1.0"
}
