// libFuzzer entry for the png decoder alone, past the header check, so the decoder's own check of the size the
// library read is exercised too. scripts/fuzz.sh builds it into the Codecs module.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if let surface = try? PNGDecoder.decode(UnsafeBufferPointer(start: data, count: size), fuzzLimits) {
        checkInvariants(surface)
    }
    return 0
}
