import Foundation

/// What an MP4 or MOV file's boxes say of its tracks: each one's handler (`vide`, `soun`,
/// `sbtl`…), a video track's stored size and every track's sample count. The edit reads its own
/// finished MP4 with it before ffprobe (`TimelineExporter.verify`): when the file is whole and
/// its tracks are exactly what the export asked for, no ffprobe runs (its start alone is about
/// 0.07 CPU-seconds); anything else goes to ffprobe, which says what is wrong. So this reading
/// only ever accepts, and accepts only a file whose top-level boxes tile it to its last byte
/// (nothing cut off) with one `moov` whose sample tables count the frames.
struct MP4Tracks {
    struct Track: Equatable {
        let handler: String
        let width: Int
        let height: Int
        let samples: Int
    }

    let tracks: [Track]

    /// Nil when the file is not such an MP4, cannot be read, or its boxes do not tile it.
    init?(path: String) {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let end = try? file.seekToEnd() else { return nil }
        var budget = MP4SampleDescription.maxBoxes
        let top = MP4SampleDescription.boxes(file, in: 0..<end, budget: &budget)
        guard top.first?.type == "ftyp", top.last?.payload.upperBound == end, top.contains(where: { $0.type == "mdat" }),
              let moov = top.first(where: { $0.type == "moov" }), top.filter({ $0.type == "moov" }).count == 1 else { return nil }
        var tracks: [Track] = []
        for trak in MP4SampleDescription.boxes(file, in: moov.payload, budget: &budget) where trak.type == "trak" {
            func child(_ type: String, of box: MP4SampleDescription.Box?) -> MP4SampleDescription.Box? {
                box.flatMap { box in MP4SampleDescription.boxes(file, in: box.payload, budget: &budget).first { $0.type == type } }
            }
            let mdia = child("mdia", of: trak), stbl = child("stbl", of: child("minf", of: mdia))
            // hdlr: version and flags, pre_defined, the handler type; stsz: version and flags, the
            // one size (0: each sample's own), the count; stz2 alike with a field size.
            guard let hdlr = child("hdlr", of: mdia), let handlerBytes = MP4SampleDescription.read(file, hdlr.payload, 12), handlerBytes.count == 12,
                  let sizes = child("stsz", of: stbl) ?? child("stz2", of: stbl), let counted = MP4SampleDescription.read(file, sizes.payload, 12),
                  counted.count == 12 else { return nil }
            let handler = String(decoding: handlerBytes[8..<12], as: UTF8.self)
            var (width, height) = (0, 0)
            if handler == "vide" {
                // stsd: version and flags, the entry count, then the first visual sample entry:
                // its width and height 24 bytes into its own fields.
                guard let stsd = child("stsd", of: stbl),
                      let entry = MP4SampleDescription.boxes(file, in: (stsd.payload.lowerBound + 8)..<stsd.payload.upperBound, budget: &budget).first,
                      let size = MP4SampleDescription.read(file, entry.payload, 28), size.count == 28 else { return nil }
                (width, height) = (Int(size[24]) << 8 | Int(size[25]), Int(size[26]) << 8 | Int(size[27]))
            }
            tracks.append(Track(handler: handler, width: width, height: height, samples: counted[8..<12].reduce(0) { $0 << 8 | Int($1) }))
        }
        self.tracks = tracks
    }

    /// Exactly one video track of `width`x`height` with `frames` samples, `audio` sound tracks
    /// and `subtitles` subtitle tracks (ffprobe's stream kinds: `soun`; `sbtl`, `text`, `subt`).
    func are(width: Int, height: Int, frames: Int, audio: Int, subtitles: Int) -> Bool {
        let video = tracks.filter { $0.handler == "vide" }
        return video.count == 1 && video[0].width == width && video[0].height == height && video[0].samples == frames
            && tracks.filter { $0.handler == "soun" }.count == audio
            && tracks.filter { ["sbtl", "text", "subt"].contains($0.handler) }.count == subtitles
    }
}
