// libFuzzer entry for the public path: the header, the caps and whichever decoder the first bytes pick.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let surface = try? ImageDecoder.decode(bytes, fittingWidth: fuzzLimits.fittingWidth,
                                              maxPixels: fuzzLimits.maxPixels) {
        checkInvariants(surface)
    }
    return 0
}
