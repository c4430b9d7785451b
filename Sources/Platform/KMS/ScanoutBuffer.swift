#if canImport(Glibc)
import Glibc
#endif
import CDRM
import Raster

/// One dumb buffer the display controller can scan out, mapped for writing.
///
/// The mapping is write-combined: writes are fast, reads crawl. Nothing ever reads `surface`; the buffer keeps
/// the damage it has missed since it was last filled so a flip copies only what changed.
final class ScanoutBuffer {
    let framebuffer: UInt32
    let surface: Surface
    /// Everything drawn into the shadow since this buffer was last brought up to date, in the shadow's
    /// (logical) coordinates; the display that owns the buffer knows that orientation and sets it.
    var staleDamage = DamageRegion()
    private let card: DRMCard
    private let handle: UInt32
    private let mapping: UnsafeMutableRawPointer
    private let mappedBytes: Int

    init(card: DRMCard, width: Int, height: Int) throws {
        self.card = card
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        guard drmModeCreateDumbBuffer(card.fd, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size) == 0 else {
            throw SystemCallError("create \(width)x\(height) dumb buffer on \(card.path)")
        }
        var framebuffer: UInt32 = 0
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        let added = withUnsafeMutablePointer(to: &handles) { h in
            withUnsafeMutablePointer(to: &pitches) { p in
                withUnsafeMutablePointer(to: &offsets) { o in
                    drmModeAddFB2(card.fd, UInt32(width), UInt32(height), Self.xrgb8888,
                                  UnsafeMutableRawPointer(h).assumingMemoryBound(to: UInt32.self),
                                  UnsafeMutableRawPointer(p).assumingMemoryBound(to: UInt32.self),
                                  UnsafeMutableRawPointer(o).assumingMemoryBound(to: UInt32.self), &framebuffer, 0)
                }
            }
        }
        guard added == 0 else {
            let error = SystemCallError("add XRGB8888 framebuffer on \(card.path)")
            drmModeDestroyDumbBuffer(card.fd, handle)
            throw error
        }
        var offset: UInt64 = 0
        guard drmModeMapDumbBuffer(card.fd, handle, &offset) == 0,
              let mapping = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, card.fd, off_t(offset)),
              mapping != MAP_FAILED else {
            let error = SystemCallError("map dumb buffer on \(card.path)")
            drmModeRmFB(card.fd, framebuffer)
            drmModeDestroyDumbBuffer(card.fd, handle)
            throw error
        }
        self.handle = handle
        self.framebuffer = framebuffer
        self.mapping = mapping
        mappedBytes = Int(size)
        surface = Surface(borrowing: mapping.assumingMemoryBound(to: UInt32.self), width: width, height: height,
                          stride: Int(pitch) / 4, format: .xrgb8888)
    }

    deinit {
        munmap(mapping, mappedBytes)
        drmModeRmFB(card.fd, framebuffer)
        drmModeDestroyDumbBuffer(card.fd, handle)
    }

    /// DRM_FORMAT_XRGB8888, the fourcc 'XR24'.
    static let xrgb8888: UInt32 = 0x3432_5258
}
