extension FeedStore {
    /// Subscribes to each of `subscriptions` not there yet, all or nothing (an import that fails halfway leaves
    /// the subscriptions as they were). Returns how many were added and how many were already there.
    public func merge(_ subscriptions: [OPMLSubscription], at now: Timestamp) throws -> (added: Int, present: Int) {
        try database.transaction { () throws -> (Int, Int) in
            var added = 0, present = 0
            for subscription in subscriptions {
                if try feedID(url: subscription.url) != nil { present += 1 } else { added += 1 }
                try addFeed(url: subscription.url, title: subscription.title, category: subscription.category, at: now)
            }
            return (added, present)
        }
    }
}
