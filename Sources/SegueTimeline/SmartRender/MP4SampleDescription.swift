import Foundation

/// The H.264 decoder configuration (the `avcC` record: profile, level, SPS and PPS) of an MP4 or
/// MOV file's first video track, read from its boxes: what ffprobe's `-show_data` prints as a
/// stream's extradata, without that option, which also hex-dumps every packet it lists (about
/// 0.1 CPU-seconds for a 1 MB clip, more than the ffprobe run itself). Only box headers and the
/// few boxes on the way are read (moov → trak → mdia → hdlr, minf → stbl → stsd → avc1/avc3 →
/// avcC); sizes past their parent's end, or more than `maxBoxes` boxes, end the search with nil.
enum MP4SampleDescription {
    static let maxBoxes = 4096

    /// The first video track's `avcC` payload, or nil when there is none or the file is not MP4.
    static func avcConfiguration(file: FileHandle) -> [UInt8]? {
        guard let end = try? file.seekToEnd() else { return nil }
        var budget = maxBoxes
        guard let moov = boxes(file, in: 0..<end, budget: &budget).first(where: { $0.type == "moov" }) else { return nil }
        for trak in boxes(file, in: moov.payload, budget: &budget) where trak.type == "trak" {
            guard let mdia = child("mdia", of: trak, file, &budget) else { continue }
            // hdlr: version and flags, pre_defined, then the handler type.
            guard let hdlr = child("hdlr", of: mdia, file, &budget), let handler = read(file, hdlr.payload, 12),
                  handler.count == 12, String(decoding: handler[8..<12], as: UTF8.self) == "vide" else { continue }
            guard let minf = child("minf", of: mdia, file, &budget), let stbl = child("stbl", of: minf, file, &budget),
                  let stsd = child("stsd", of: stbl, file, &budget) else { return nil }
            // stsd: version and flags, entry count, then the sample entries; a visual sample entry's
            // own fields take 78 bytes before its child boxes.
            let entries = (stsd.payload.lowerBound + 8)..<stsd.payload.upperBound
            guard let entry = boxes(file, in: entries, budget: &budget).first, ["avc1", "avc3"].contains(entry.type),
                  entry.payload.count > 78 else { return nil }
            let children = (entry.payload.lowerBound + 78)..<entry.payload.upperBound
            guard let avcC = boxes(file, in: children, budget: &budget).first(where: { $0.type == "avcC" }),
                  avcC.payload.count < 1 << 20 else { return nil }
            return read(file, avcC.payload, Int(avcC.payload.count))
        }
        return nil
    }

    struct Box {
        let type: String
        let payload: Range<UInt64>
    }

    /// The boxes that tile `range` (a 32-bit size, a 64-bit one after size 1, or to the end
    /// after size 0), as far as they are well formed.
    static func boxes(_ file: FileHandle, in range: Range<UInt64>, budget: inout Int) -> [Box] {
        var found: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, budget > 0 {
            budget -= 1
            guard let header = read(file, offset..<range.upperBound, 16), header.count >= 8 else { break }
            var size = UInt64(header[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            var headerSize: UInt64 = 8
            if size == 1 {
                guard header.count == 16 else { break }
                size = header[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                headerSize = 16
            } else if size == 0 {
                size = range.upperBound - offset
            }
            guard size >= headerSize, size <= range.upperBound - offset else { break }
            found.append(Box(type: String(decoding: header[4..<8], as: UTF8.self), payload: (offset + headerSize)..<(offset + size)))
            offset += size
        }
        return found
    }

    private static func child(_ type: String, of box: Box, _ file: FileHandle, _ budget: inout Int) -> Box? {
        boxes(file, in: box.payload, budget: &budget).first { $0.type == type }
    }

    /// Up to `count` bytes from the start of `range`.
    static func read(_ file: FileHandle, _ range: Range<UInt64>, _ count: Int) -> [UInt8]? {
        let wanted = min(UInt64(count), UInt64(range.count))
        guard (try? file.seek(toOffset: range.lowerBound)) != nil, let data = try? file.read(upToCount: Int(wanted)) else { return nil }
        return [UInt8](data)
    }
}
