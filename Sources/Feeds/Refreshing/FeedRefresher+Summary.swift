extension FeedRefresher.Report {
    /// The report as one line, for `lectern feeds refresh`'s progress and the panel's log alike.
    public var summary: String {
        let what: String
        switch outcome {
        case .updated(let added, let updated):
            what = "\(added) new" + (updated > 0 ? ", \(updated) updated" : "")
        case .notModified: what = "not modified"
        case .gone: what = "gone (410): no longer fetched"
        case .failed(let reason): what = "failed: \(reason)"
        }
        return "\(title): \(what)" + (movedTo.map { " (moved for good to \($0))" } ?? "")
    }
}
