/// A phone's name for the panel's list, from its browser's User-Agent: "Chrome on Android", "Safari on iPhone".
/// A person recognises their phone by it; nothing depends on it being right.
public enum PhoneName {
    public static func from(userAgent: String?) -> String {
        guard let agent = userAgent, !agent.isEmpty else { return "A browser" }
        let system = first(in: agent, of: [("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"),
                                            ("CrOS", "ChromeOS"), ("Windows", "Windows"), ("Mac OS X", "macOS"),
                                            ("Linux", "Linux")])
        // Order matters: Edge and Opera say Chrome too, Chrome says Safari, and iOS browsers say their own names.
        let browser = first(in: agent, of: [("EdgA/", "Edge"), ("Edg/", "Edge"), ("OPR/", "Opera"),
                                             ("SamsungBrowser/", "Samsung Internet"), ("Firefox/", "Firefox"),
                                             ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"), ("Chrome/", "Chrome"),
                                             ("Safari/", "Safari"), ("curl/", "curl")])
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) on \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return "A browser on \(system)"
        default: return PairedPhone.oneLine(String(agent.prefix(40)))
        }
    }

    private static func first(in agent: String, of marks: [(String, String)]) -> String? {
        marks.first { contains(agent, $0.0) }?.1
    }

    /// Substring search without Foundation.
    static func contains(_ text: String, _ part: String) -> Bool {
        let t = Array(text.utf8), p = Array(part.utf8)
        guard p.count <= t.count else { return false }
        for start in 0...(t.count - p.count) where t[start] == p[0] {
            if t[start..<(start + p.count)].elementsEqual(p) { return true }
        }
        return false
    }
}
