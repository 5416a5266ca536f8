@preconcurrency import CWebP
import Glibc

/// WebP in strips: libwebp's incremental decoder writes rows into one buffer of the whole
/// picture (it has no strip output), so that buffer is address space only — an anonymous
/// mapping whose pages exist once written — and the rows it reports final (`last_y`) are handed
/// on and their pages given back (`MADV_DONTNEED`) as the file is fed in small pieces: what is
/// held is the rows decoded from the last piece, not the picture.
extension WebPDecoder {
    /// The input fed to the decoder at a time: small, because a piece decodes every row it
    /// completes and a flat area codes thousands of rows in a few KiB (4 KiB: at most 1,024 rows
    /// at once of an 11000x11000 test picture; 64 KiB: 7,015).
    static let stripInputBytes = 4 << 10

    /// The stored size of a lossy WebP when the header passes every check the whole decode makes
    /// (readable, within the budget, a still picture, the whole RIFF payload present: the whole decode
    /// refuses a file shorter than its RIFF size even where the incremental one would not need
    /// the missing bytes); nil otherwise (the whole decode then says why).
    static func sizeForStrips(_ data: [UInt8], name: String, budget: PictureBudget) -> (width: Int, height: Int)? {
        if data.starts(with: Array("RIFF".utf8)), data.count >= 8, data[4..<8].reversed().reduce(0, { $0 << 8 | Int($1) }) > data.count - 8 {
            return nil
        }
        return data.withUnsafeBufferPointer { buffer in
            var features = WebPBitstreamFeatures()
            // format 2: lossless, which libwebp decodes incrementally only once all of it is in (so
            // held whole beside a second copy of the file): decoded whole instead.
            guard let base = buffer.baseAddress, segue_webp_features(base, buffer.count, &features) != 0, features.has_animation == 0,
                  features.format != 2,
                  (try? budget.checkHeader(width: Int(features.width), height: Int(features.height), path: name, type: "WebP")) != nil
            else { return nil }
            return (Int(features.width), Int(features.height))
        }
    }

    /// Decodes `file` (a `width` x `height` WebP) incrementally, calling `receive` with each run of
    /// rows the decoder has finished, at most `stripRows` at a time, in the mapping; false from
    /// `receive` stops it. Returns the whole decode's verdict: nil, or why the data is damaged.
    static func decodeStrips(
        _ file: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stripRows: Int,
        receive: (_ y: Int, _ rows: Int, _ pixels: UnsafeMutablePointer<UInt8>) -> Bool
    ) -> String? {
        let damaged = "the image data is damaged or cut short"
        let stride = width * 4, total = width * height * 4
        guard let base = file.baseAddress,
              let mapping = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              mapping != MAP_FAILED else { return "no address space for the picture's rows" }
        defer { munmap(mapping, total) }
        let rows = mapping.assumingMemoryBound(to: UInt8.self)
        guard let decoder = WebPINewRGB(MODE_RGBA, rows, total, Int32(stride)) else { return damaged }
        defer { WebPIDelete(decoder) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var (offset, handed) = (0, 0)
        while true {
            let count = min(stripInputBytes, file.count - offset)
            let status = WebPIAppend(decoder, base + offset, count)
            offset += count
            var lastY: Int32 = 0
            _ = WebPIDecGetRGB(decoder, &lastY, nil, nil, nil)
            while handed < Int(lastY) {
                let run = min(stripRows, Int(lastY) - handed)
                guard receive(handed, run, rows + handed * stride) else { return nil }
                // Whole pages of the rows handed on are given back; a page shared with the next row stays.
                let start = (handed * stride + page - 1) / page * page, end = (handed + run) * stride / page * page
                if end > start { madvise(mapping + start, end - start, MADV_DONTNEED) }
                handed += run
            }
            if status == VP8_STATUS_OK { return handed == height ? nil : damaged }
            if status != VP8_STATUS_SUSPENDED || offset >= file.count { return damaged }
        }
    }
}
