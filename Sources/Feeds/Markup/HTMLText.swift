import CXML2
import Glibc

/// Plain text for the inspection contract and for titles on screen: tags stripped, the contents of script,
/// style and applet dropped, entities decoded, runs of whitespace collapsed to one space.
public enum HTMLText {
    /// The text of an HTML fragment.
    public static func plainText(fromHTML html: String) -> String {
        // Most titles and many summaries have no markup at all: skip the parser for them.
        if !html.utf8.contains(UInt8(ascii: "<")) && !html.utf8.contains(UInt8(ascii: "&")) {
            return collapsingWhitespace(html)
        }
        var collected = WhitespaceCollapser()
        HTMLDocument(html).walk(
            enter: { element in
                !(element.isNamed("script") || element.isNamed("style") || element.isNamed("applet"))
            },
            text: { run in collected.append(run) },
            exit: { _ in })
        return collected.result
    }

    /// A plain-text construct taken literally, with its whitespace collapsed.
    public static func collapsingWhitespace(_ text: String) -> String {
        var collected = WhitespaceCollapser()
        collected.append(text.utf8)
        return collected.result
    }

    /// A NUL-terminated UTF-8 run inside libxml2's tree.
    struct Run {
        let pointer: UnsafePointer<xmlChar>

        var string: String { String(cString: pointer) }
    }

    /// Appends text, turning every run of ASCII whitespace into one space and dropping it at both ends.
    struct WhitespaceCollapser {
        private var bytes: [UInt8] = []
        private var pendingSpace = false

        mutating func append(_ run: Run) {
            let length = strlen(UnsafeRawPointer(run.pointer).assumingMemoryBound(to: CChar.self))
            append(UnsafeBufferPointer(start: run.pointer, count: length))
        }

        mutating func append<Bytes: Sequence<UInt8>>(_ utf8: Bytes) {
            for byte in utf8 {
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                    pendingSpace = !bytes.isEmpty
                } else {
                    if pendingSpace { bytes.append(0x20) }
                    pendingSpace = false
                    bytes.append(byte)
                }
            }
        }

        var result: String { String(decoding: bytes, as: UTF8.self) }
    }
}
