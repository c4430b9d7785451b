import Testing
@testable import Feeds

/// Videos, sounds, frames, pictures' sizes and captions, as the sanitiser makes blocks of them: boxes with a web
/// page to hand over, never anything loaded or run.
@Suite struct MediaBlocksTests {
    private func blocks(_ html: String, base: String? = "https://example.org/posts/1/") -> [ArticleBlock] {
        ArticleBlocks.make(from: Markup(kind: .html, text: html, base: base))
    }

    @Test func aYouTubeFrameIsAVideoWithItsWatchPageAndStill() {
        let result = blocks("""
            <p>Watch:</p><iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?si=x"
              title="YouTube video player" allowfullscreen></iframe><p>after</p>
            """)
        let video = MediaBlock(kind: .video, link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
                               source: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?si=x",
                               poster: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg")
        #expect(result == [.paragraph([InlineRun("Watch:")]), .media(video), .paragraph([InlineRun("after")])])
        #expect(video.label == "Video · youtube.com")
        // youtu.be and a protocol-relative frame, resolved against the entry.
        #expect(blocks(#"<iframe src="//youtu.be/abc_DEF-123"></iframe>"#)
            == [.media(MediaBlock(kind: .video, link: "https://www.youtube.com/watch?v=abc_DEF-123",
                                  source: "https://youtu.be/abc_DEF-123",
                                  poster: "https://i.ytimg.com/vi/abc_DEF-123/hqdefault.jpg"))])
    }

    @Test func aVimeoFrameIsAVideoWithItsPage() {
        let result = blocks(#"<iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e" title="Fjords"></iframe>"#)
        #expect(result == [.media(MediaBlock(kind: .video, link: "https://vimeo.com/76979871",
                                             source: "https://player.vimeo.com/video/76979871?h=8272103f6e",
                                             title: "Fjords"))])
        #expect(MediaBlock(kind: .video, link: "https://vimeo.com/76979871").label == "Video · vimeo.com")
    }

    @Test func otherFramesAreEmbeddedPagesAndUnsafeOnesNothing() {
        let result = blocks("""
            <iframe src="https://maps.example.com:8443/embed?pb=1">fallback</iframe>
            <iframe src="javascript:alert(1)"></iframe><iframe src="data:text/html,<script>x</script>"></iframe>
            <iframe srcdoc="<p>inline</p>"></iframe><iframe src="about:blank"></iframe>
            <iframe src="https://www.youtube.com/embed/bad%20id"></iframe>
            """)
        #expect(result == [
            .media(MediaBlock(kind: .page, link: "https://maps.example.com:8443/embed?pb=1")),
            // Not a video id: the frame is just another page.
            .media(MediaBlock(kind: .page, link: "https://www.youtube.com/embed/bad%20id")),
        ])
        #expect(MediaBlock(kind: .page, link: "https://maps.example.com:8443/embed?pb=1").label
            == "Embedded page · maps.example.com")
    }

    @Test func videoAndAudioTakeTheirSourcesAndPosters() {
        let result = blocks("""
            <video controls poster="/stills/v.jpg" title="The build"><source src="javascript:x" type="video/mp4">
              <source src="clip.webm" type="video/webm">Your browser cannot play this <a href="clip.webm">video</a>.</video>
            <audio src="https://cdn.example.fm/ep/42.mp3"><p>No audio</p></audio>
            <video><source src="data:video/mp4;base64,AAAA"></video><audio></audio>
            """)
        #expect(result == [
            .media(MediaBlock(kind: .video, link: "https://example.org/posts/1/clip.webm",
                              poster: "https://example.org/stills/v.jpg", title: "The build")),
            .media(MediaBlock(kind: .audio, link: "https://cdn.example.fm/ep/42.mp3")),
        ])
        #expect(MediaBlock(kind: .audio, link: "https://cdn.example.fm/ep/42.mp3").label == "Audio · cdn.example.fm")
    }

    @Test func nestedPlayersAreOneBoxAndTheWalkStaysBalanced() {
        let result = blocks("""
            <video src="https://v.example/a.mp4"><video src="https://v.example/b.mp4"></video><p>inner</p></video>
            <figure><audio src="https://a.example/c.mp3"></audio><figcaption>Heard</figcaption></figure><p>after</p>
            """)
        #expect(result == [
            .media(MediaBlock(kind: .video, link: "https://v.example/a.mp4")),
            .media(MediaBlock(kind: .audio, link: "https://a.example/c.mp3")),
            .caption([InlineRun("Heard")]),
            .paragraph([InlineRun("after")]),
        ])
    }

    @Test func picturesKeepTheirSizeAndTrackersGo() {
        let result = blocks("""
            <p>Before <img src="https://t.example/pixel.gif" width="1" height="1" alt=""> after.</p>
            <img src="a.jpg" width="1200" height="800" alt="Harbour">
            <img src="b.jpg" width="abc" height="-5"><img src="c.jpg" width="640px" height=" 480 ">
            <img src="d.jpg" width="100000000000000000000" height="9999999"><img src="e.jpg" width="50%" height="200">
            <img src="icon.png" alt="" width="16" height="16"><img src="spacer.gif" width="600" height="2">
            """)
        #expect(result == [
            .paragraph([InlineRun("Before after.")]),
            .image(url: "https://example.org/posts/1/a.jpg", alt: "Harbour", hints: PictureHints(width: 1200, height: 800)),
            .image(url: "https://example.org/posts/1/b.jpg", alt: nil),
            .image(url: "https://example.org/posts/1/c.jpg", alt: nil, hints: PictureHints(width: 640, height: 480)),
            .image(url: "https://example.org/posts/1/d.jpg", alt: nil),
            .image(url: "https://example.org/posts/1/e.jpg", alt: nil, hints: PictureHints(height: 200)),
            .image(url: "https://example.org/posts/1/icon.png", alt: nil,
                   hints: PictureHints(width: 16, height: 16, decorative: true)),
        ])
        #expect(PictureHints(width: 16, height: 16).isSmall && PictureHints(decorative: true).isSmall)
        #expect(!PictureHints(width: 1200, height: 800, decorative: true).isSmall && !PictureHints().isSmall)
    }

    @Test func captionsAreCaptionsTightToTheirFigure() {
        let result = blocks("""
            <figure><img src="p.jpg" alt="Boats"><figcaption>The first <em>boats</em>.
              <span class="credit">Photo: A. Lima</span></figcaption></figure>
            <div class="wp-caption"><img src="q.jpg"><p class="wp-caption-text">Market stalls</p></div>
            <figure><blockquote><p>Said.</p></blockquote><figcaption>— Someone</figcaption></figure>
            <p>Body text.</p>
            """)
        #expect(result == [
            .image(url: "https://example.org/posts/1/p.jpg", alt: "Boats"),
            .caption([InlineRun("The first "), InlineRun("boats", style: .emphasis), InlineRun(". Photo: A. Lima")]),
            // The wrapper's class says caption: what it holds is a caption.
            .image(url: "https://example.org/posts/1/q.jpg", alt: nil),
            .caption([InlineRun("Market stalls")]),
            .quote([.paragraph([InlineRun("Said.")])]),
            .caption([InlineRun("— Someone")]),
            .paragraph([InlineRun("Body text.")]),
        ])
    }

    @Test func hostileMediaMarkupIsBounded() {
        // Ten thousand frames, players nested deep, attributes of a megabyte: bounded work, web addresses only.
        let frames = String(repeating: #"<iframe src="https://www.youtube.com/embed/x"></iframe>"#, count: 10_000)
        #expect(blocks(frames).count == 10_000)
        let nested = String(repeating: "<video>", count: 200) + "<source src='https://v.example/a.mp4'>"
            + String(repeating: "</video>", count: 200) + "<p>after</p>"
        #expect(blocks(nested) == [.media(MediaBlock(kind: .video, link: "https://v.example/a.mp4")),
                                   .paragraph([InlineRun("after")])])
        let long = String(repeating: "9", count: 1 << 20)
        #expect(blocks(#"<img src="a.png" width="\#(long)" height="\#(long)"><iframe src="https://\#(long)"></iframe>"#)
            .count == 2)
        for block in blocks(#"<video poster="javascript:x" src="https://v.example/a.mp4"></video>"#) {
            if case .media(let media) = block { #expect(media.poster == nil) }
        }
    }

    @Test func enclosuresNotInTheBodyBecomeBoxes() {
        let body = blocks(#"<p>Notes.</p><audio src="https://cdn.example.fm/shown.mp3"></audio>"#)
        let enclosures = [
            Enclosure(url: "https://cdn.example.fm/ep42.mp3", type: "audio/mpeg", length: 48_000_000),
            Enclosure(url: "https://cdn.example.fm/shown.mp3", type: "audio/mpeg"),
            Enclosure(url: "https://cdn.example.com/clip.mp4"),
            Enclosure(url: "https://cdn.example.com/cover.jpg", type: "image/jpeg"),
            Enclosure(url: "file:///etc/passwd", type: "audio/mpeg"),
        ]
        let result = EnclosureBlocks.adding(enclosures, to: body, page: "https://example.fm/42",
                                            poster: "https://example.fm/cover.jpg", duration: 4_320)
        #expect(result == [
            .media(MediaBlock(kind: .episode, link: "https://example.fm/42", source: "https://cdn.example.fm/ep42.mp3",
                              poster: "https://example.fm/cover.jpg", duration: 4_320)),
            .paragraph([InlineRun("Notes.")]),
            .media(MediaBlock(kind: .audio, link: "https://cdn.example.fm/shown.mp3")),
            .media(MediaBlock(kind: .video, link: "https://cdn.example.com/clip.mp4",
                              poster: "https://example.fm/cover.jpg", duration: 4_320)),
        ])
        if case .media(let episode) = result[0] { #expect(episode.label == "Episode · 1 h 12 min") }
        // The entry's picture is the body's own: it is not the episode's still too.
        let pictured = EnclosureBlocks.adding([enclosures[0]], to: blocks(#"<img src="https://example.fm/cover.jpg">"#),
                                              page: nil, poster: "https://example.fm/cover.jpg")
        #expect(pictured.first == .media(MediaBlock(kind: .episode, link: "https://cdn.example.fm/ep42.mp3")))
        #expect(MediaBlock.shownDuration(59) == "1 min" && MediaBlock.shownDuration(3_600) == "1 h")
        #expect(MediaBlock.shownDuration(0) == nil && MediaBlock.shownDuration(Int.max) == nil)
    }
}
