/// Why an image was not decoded; `description` is one line for a log or an alt-text box's tooltip.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No bytes at all.
    case empty
    /// The bytes start like none of the formats, or their header is cut short.
    case unrecognized
    /// The header's size is over a cap; nothing was decoded.
    case tooLarge(width: Int, height: Int)
    /// The header gives a side of 0 pixels.
    case noPixels(width: Int, height: Int)
    /// The caller asked for an output narrower than one pixel.
    case badFittingWidth(Int)
    /// A valid format with a feature not decoded here (an animated WebP, a JPEG colour space).
    case unsupported(ImageFormat, String)
    /// The library stopped on broken data; its own message.
    case corrupt(ImageFormat, String)
    /// The library could not get memory for its state.
    case outOfMemory(ImageFormat)

    public var description: String {
        switch self {
        case .empty: "no image data"
        case .unrecognized: "not a JPEG, PNG, WebP, GIF or ICO image"
        case let .tooLarge(width, height): "image of \(width)x\(height) pixels is over the size cap"
        case let .noPixels(width, height): "image claims \(width)x\(height) pixels"
        case let .badFittingWidth(width): "cannot fit an image into \(width) pixels"
        case let .unsupported(format, what): "\(format.rawValue) image: \(what) is not supported"
        case let .corrupt(format, message): "broken \(format.rawValue) image: \(Self.oneLine(message))"
        case let .outOfMemory(format): "out of memory starting the \(format.rawValue) decoder"
        }
    }

    /// Library messages may carry newlines or be empty; a log line must not.
    private static func oneLine(_ message: String) -> String {
        let line = String(message.map { $0.isNewline ? " " : $0 })
        return line.isEmpty ? "no reason given" : line
    }
}
