import Testing
@testable import Codecs

@Suite struct ImageHeaderTests {
    let red: RGBA = (255, 0, 0, 255)

    @Test func readsEachFormatsSizeWithoutDecoding() throws {
        #expect(ImageHeader.read(encodeJPEG(width: 37, height: 21) { _, _ in red })
                == ImageHeader(format: .jpeg, width: 37, height: 21))
        #expect(ImageHeader.read(try encodePNG(width: 300, height: 2) { _, _ in red })
                == ImageHeader(format: .png, width: 300, height: 2))
        #expect(ImageHeader.read(encodeWebP(width: 5, height: 700) { _, _ in red })
                == ImageHeader(format: .webp, width: 5, height: 700))
        let gif = encodeGIF(width: 9, height: 4, palette: [(0, 0, 0), (255, 0, 0)],
                            frames: [GIFFrameSpec(width: 9, height: 4) { _, _ in 1 }])
        #expect(ImageHeader.read(gif) == ImageHeader(format: .gif, width: 9, height: 4))
    }

    @Test func readsAProgressiveJPEGsFrameHeader() {
        let jpeg = encodeJPEG(width: 64, height: 48, progressive: true) { x, _ in (UInt8(x), 0, 0, 255) }
        #expect(ImageHeader.read(jpeg) == ImageHeader(format: .jpeg, width: 64, height: 48))
    }

    @Test func lossyWebPHeader() {
        // A lossy VP8 key frame header: "VP8 " chunk, frame tag, start code, 14-bit sizes.
        var bytes = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [0, 0, 0, 0]
        bytes += [0, 0, 0, 0x9D, 0x01, 0x2A, 0x20, 0x03, 0x58, 0x02]
        #expect(ImageHeader.read(bytes) == ImageHeader(format: .webp, width: 800, height: 600))
    }

    @Test func shortOrForeignBytesHaveNoHeader() {
        #expect(ImageHeader.read([]) == nil)
        #expect(ImageHeader.read([0xFF, 0xD8]) == nil)
        #expect(ImageHeader.read([0xFF, 0xD8, 0xFF, 0xDA, 0, 2]) == nil, "a scan before any frame header")
        #expect(ImageHeader.read(Array("GIF89a".utf8)) == nil)
        #expect(ImageHeader.read(Array("<html><body>".utf8)) == nil)
        #expect(ImageHeader.read(Array(try! encodePNG(width: 2, height: 2) { _, _ in red }.prefix(20))) == nil)
    }
}
