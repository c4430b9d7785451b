/// The demo's own articles, bundled so the demos need no network and no feed: two that fit a 7" panel and
/// one that takes several screens, for the pager's "scroll first, then pull" behaviour. Set by `ArticleBody`,
/// as the reader's entries are.
public enum SampleArticles {
    public static let shortMorning = PlainArticle(
        title: "A reader for the kitchen wall",
        feed: "Lectern demo", readingTime: "2 min read",
        paragraphs: [
            "A wall panel is read in passing: a paragraph while the kettle boils, the rest after breakfast. It has to wake instantly, show the text large and calm, and answer the finger the way a phone does, because that is what every hand that touches it expects.",
            "Pull the page to the left to see the menu's three dots stretch like a rubber band. Let go once they turn red and the menu fades in over the article.",
        ])

    public static let longEssay = PlainArticle(
        title: "Why the old gestures still feel right",
        feed: "Lectern demo", readingTime: "6 min read",
        paragraphs: [
            "Pull to refresh began as one developer's answer to a small annoyance: the refresh button sat at the top of a list, and the thumb was always somewhere else. Dragging the list down past its first item was something people already did by accident, so the gesture cost nothing to learn. Within a couple of years nearly every list on every phone could be pulled.",
            "What made it stick was not the idea alone but the feel. The list resisted as it was pulled past its edge, more the further it went, exactly as a rubber band does; a small arrow turned to say that letting go now would do something; and when the finger lifted, the content did not jump, it sprang back from where it was with the speed it had. None of that is decoration. Each detail tells the hand what will happen before it happens.",
            "Readers took the idea further. Reeder let you pull past the end of an article to reach the next one, with the next title waiting in a footer and an arrow that flipped once you had pulled far enough. Unread hid its whole menu behind a sideways pull, with three dots that stretched as you went. Mail put its row actions under the row itself, revealed by a swipe. Every one of these depends on the same few physical rules: content follows the finger one to one, resists past an edge, coasts after a flick and never jumps at a hand-off.",
            "Getting those rules right on a panel without a phone's frameworks means writing them down as numbers. The resistance past an edge is a curve that approaches the size of the view but never reaches it. A flick decays by a fixed fraction every millisecond, so where it will stop can be known the moment the finger lifts. A spring is described by how long it takes and how much it overshoots, and the same description must give the same motion on every frame, whatever the frame rate.",
            "Once the rules are numbers, every frame can be checked. A test can play a recorded swipe through the code with a pretend clock and ask, for each sixtieth of a second, where the content is and how fast it moves. It can ask whether the arrow turned at exactly the right pull, not a point early; whether a dot expanded only once the progress passed its third; whether a second finger made the first one jump. The feel that people notice without naming becomes a list of things that are either true or false.",
            "There is another reason the old gestures suit a wall. A panel in a hallway has no keyboard and no mouse, and the people who use it have not read a manual. They will try what their phone taught them: drag, flick, pull down, swipe a row. If those work, the panel feels like it belongs in the house. If they stutter, or if the page jumps when the finger lifts, it feels like a kiosk at a railway station, something to be tolerated rather than used.",
            "A small board has its own constraints. There is no graphics processor doing the work, so every pixel of every frame is computed by the same processor that lays out the text and fetches the feeds. That sounds like a handicap, but it is mostly a discipline: draw only what changed, keep the text laid out once and the glyphs rendered once, and copy to the screen only the rectangles that moved. A pull that moves three dots redraws a box the size of a thumbnail, not the whole screen.",
            "Time is the other constraint, and the one most often got wrong. An animation that is driven by a timer drifts against the screen's refresh and stutters; one that asks the display when the last frame actually reached the glass can place the next frame exactly. When nothing moves, nothing is drawn and no timer runs, so the processor sleeps. A panel on a wall is idle nearly all of the time, and it should cost nearly nothing while it is.",
            "Then there is the finger itself. A touch controller reports positions a hundred or more times a second, each with its own timestamp, and those timestamps are what the motion is computed from, not the moment the app happened to read them. A flick's speed comes from a fit over the last tenth of a second of samples; a pause before lifting means the finger stopped, and the content should stop with it rather than fly off on an old speed.",
            "So the reader on the wall borrows from the best of a decade of phone apps, but rebuilds each piece from the numbers, draws every pixel itself and checks every frame. The gestures are old. Making them feel right on a small board behind a touch panel is the new part, and the only part anyone will notice is that nothing feels wrong.",
            "Scroll back to the top and pull down to go to the previous article, or keep pulling up at the very end of this one to reach the next. A quick flick past the edge counts too: the reader works out where the flick would have carried the page and turns it if that is far enough.",
        ])

    public static let shortEvening = PlainArticle(
        title: "The last article tonight",
        feed: "Lectern demo", readingTime: "1 min read",
        paragraphs: [
            "This is the last article, so there is nothing below it to pull up to: the footer is gone. Pull down at the top to go back to the long essay.",
            "Tomorrow the feeds will have more. Until then the panel sleeps and uses no power for drawing, because nothing on it moves.",
        ])

    public static let pagerArticles = [shortMorning, longEssay, shortEvening]
}
