import Foundation

/// Whether an H.264 stream keeps one set of parameters (SPS and PPS) from start to end. A clip
/// joined from encodes of different sizes or pixel formats (ffmpeg's concat demuxer with `-c
/// copy`) declares the first part's size, but its later parts carry parameter sets of their own
/// in band: copied as packets, they would put frames of another size into the output. Such a
/// clip is encoded instead (`SmartRenderPlan.refusal`).
extension ClipStream {
    /// The parameter sets of `extradata` (an avcC record, as MP4 and Matroska store it) and of
    /// every packet in band; a description of the change when there is more than one distinct
    /// SPS or PPS, nil when they stay the same. `packets` are (position, size) in the file.
    static func parameterSetChange(extradata: [UInt8], packets: [(position: UInt64, size: Int)], file: FileHandle?) -> String? {
        var sequence = Set<[UInt8]>(), picture = Set<[UInt8]>()
        for (type, bytes) in avcParameterSets(extradata) {
            if type == 7 { sequence.insert(bytes) } else { picture.insert(bytes) }
        }
        if let file {
            for packet in packets {
                for (type, bytes) in inBandParameterSets(file: file, at: packet.position, size: packet.size) {
                    if type == 7 { sequence.insert(bytes) } else { picture.insert(bytes) }
                }
                if sequence.count > 1 || picture.count > 1 { break }
            }
        }
        if sequence.count > 1 {
            return "its sequence parameter sets (SPS) change mid-stream, so its size or pixel format may change; copied, frames of another size would join the output"
        }
        if picture.count > 1 { return "its picture parameter sets (PPS) change mid-stream" }
        return nil
    }

    /// The SPS (type 7) and PPS (type 8) of an avcC record, trailing zero bytes dropped; none
    /// when it is no such record.
    static func avcParameterSets(_ record: [UInt8]) -> [(type: UInt8, bytes: [UInt8])] {
        guard record.count >= 7, record[0] == 1 else { return [] }
        var sets: [(UInt8, [UInt8])] = []
        var offset = 5
        for expected in [UInt8(7), 8] {
            guard offset < record.count else { return sets }
            let count = Int(record[offset] & (expected == 7 ? 0x1F : 0xFF))
            offset += 1
            for _ in 0..<count {
                guard offset + 2 <= record.count else { return sets }
                let length = Int(record[offset]) << 8 | Int(record[offset + 1])
                offset += 2
                guard length > 0, offset + length <= record.count else { return sets }
                sets.append((record[offset] & 0x1F, trimmed(Array(record[offset..<offset + length]))))
                offset += length
            }
        }
        return sets
    }

    /// The SPS and PPS NAL units of the sample at `position` (NAL units each after a 4-byte
    /// length, as `isIDR` reads them); none when the lengths do not tile it.
    static func inBandParameterSets(file: FileHandle, at position: UInt64, size: Int) -> [(type: UInt8, bytes: [UInt8])] {
        guard size > 4, size < 64 << 20, (try? file.seek(toOffset: position)) != nil,
              let data = try? file.read(upToCount: size), data.count == size else { return [] }
        let bytes = [UInt8](data)
        var sets: [(UInt8, [UInt8])] = []
        var offset = 0
        while offset + 5 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length > 0, offset + 4 + length <= bytes.count else { return sets }
            let type = bytes[offset + 4] & 0x1F
            if type == 7 || type == 8 { sets.append((type, trimmed(Array(bytes[(offset + 4)..<(offset + 4 + length)])))) }
            offset += 4 + length
        }
        return sets
    }

    /// `bytes` without trailing zero bytes (padding some muxers add after a parameter set).
    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes[..<(bytes.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 0)])
    }

    /// ffprobe's hex dump of a stream's extradata (`-show_data`: "00000000: 0164 000b ffe1 ...
    /// .d......"), as bytes.
    static func hexDump(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in text.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            // The hex groups end at the two spaces before the printable column.
            let rest = line[line.index(after: colon)...].dropFirst()
            let hex = (rest.range(of: "  ").map { rest[..<$0.lowerBound] } ?? rest).filter { !$0.isWhitespace }
            var index = hex.startIndex
            while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), index < hex.endIndex {
                guard let byte = UInt8(hex[index..<next], radix: 16) else { return [] }
                bytes.append(byte)
                index = next
            }
        }
        return bytes
    }
}
