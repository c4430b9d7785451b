/// gzip (RFC 1952) and zlib (RFC 1950) containers around "stored" deflate blocks (RFC 1951, BTYPE 00): valid
/// compressed bodies without a compressor, for testing that the fetcher decodes Content-Encoding.
enum StoredDeflate {
    static func gzip(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]
        out += blocks(data)
        out += littleEndian(crc32(data))
        out += littleEndian(UInt32(truncatingIfNeeded: data.count))
        return out
    }

    static func zlib(_ data: [UInt8]) -> [UInt8] {
        // CMF 0x78 (deflate, 32 KiB window), FLG 0x01 makes 0x7801 a multiple of 31.
        var out: [UInt8] = [0x78, 0x01]
        out += blocks(data)
        let adler = adler32(data)
        out += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xff), UInt8(adler >> 8 & 0xff), UInt8(adler & 0xff)]
        return out
    }

    private static func blocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)  // BFINAL, BTYPE 00; the rest of the byte is padding
            out += [UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        return out
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xff), UInt8(value >> 8 & 0xff), UInt8(value >> 16 & 0xff), UInt8(value >> 24)]
    }
}
