// Photo fixtures for picture tests (SegueImage's and the command line's): an EXIF orientation
// written as cameras write it, independently of libexif, which reads it.

/// A minimal EXIF block holding only an orientation tag, as cameras write it: "Exif\0\0", a
/// TIFF header in either byte order, and IFD0 with one SHORT entry (tag 0x0112).
public func exifOrientationBlock(_ value: UInt16, bigEndian: Bool) -> [UInt8] {
    func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
    func u32(_ v: UInt32) -> [UInt8] { bigEndian ? u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF)) : u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16)) }
    let tiff: [UInt8] = (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + u16(42) + u32(8)
        + u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(value) + [0, 0] + u32(0)
    return Array("Exif".utf8) + [0, 0] + tiff
}

/// `jpeg` with an APP1 (EXIF) segment holding `block` inserted right after its SOI marker.
public func insertingAPP1(_ block: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
    let length = block.count + 2
    return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + block + Array(jpeg[2...])
}
