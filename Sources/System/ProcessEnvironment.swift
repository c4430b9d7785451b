#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables, read once at the edge and passed on as a value.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let eq = text.firstIndex(of: "=") { result[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
            entry += 1
        }
        return result
    }
}
