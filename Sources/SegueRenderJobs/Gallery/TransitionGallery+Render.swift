import Foundation
import SegueExport
import SegueGL
import SegueHeadless
import SegueImage
import SegueOutput
import SegueTimeline

extension TransitionGallery {
    /// How the gallery's clips are made.
    public struct ClipSettings: Sendable {
        /// The clips' size.
        public var size: FrameSize
        /// Each transition's length in seconds.
        public var duration: Double
        /// How long each picture is held between the transitions, in seconds.
        public var hold: Double

        public init(size: FrameSize = FrameSize(width: 320, height: 180), duration: Double = 1.5, hold: Double = 0.5) {
            (self.size, self.duration, self.hold) = (size, duration, hold)
        }
    }

    /// Renders every card's clip (WebM, VP9: browsers play it muted and looping on their own)
    /// and the `index.html` that shows them into the folder at `path`, which appears whole or
    /// not at all (`OutputDirectory`). Everything that can fail early does, before anything
    /// renders: the users' shaders were compiled under the budget when read, both pictures are
    /// decoded whole, and a folder holding files is refused unless `replacing`. `onClip` hears
    /// of each finished clip (its index and card). Returns the folder's path.
    public func render(
        from: String, to: String, at path: String, settings: ClipSettings, tools: FFmpegTools,
        replacing: Bool = false, onClip: ((Int, Card) -> Void)? = nil, onWaitingForLock: ((URL) -> Void)? = nil
    ) throws -> String {
        let fromPath = try Self.checkedPicture(from)
        let toPath = try Self.checkedPicture(to)
        if !replacing, Self.holdsFiles(path) { throw GalleryError.outputExists(path) }

        return try HeadlessEGLContext.withDevice { device in
            // Again under the folder's lock at the commit: a gallery that finished there while this
            // one rendered or waited is not replaced without `replacing` either.
            let refusing: ((URL) -> OutputError?)? = replacing ? nil : { folder in
                Self.holdsFiles(folder.path) ? OutputError("replace the gallery in", path: folder.path,
                    reason: "another gallery finished there meanwhile, so it already holds files; give --force to replace it") : nil
            }
            return try OutputDirectory.produce(at: path, ownsFile: Self.isGalleryFile, onWaitingForLock: onWaitingForLock,
                                               refusing: refusing) { output in
                for (index, card) in cards.enumerated() {
                    let spec = Self.spec(
                        for: card, from: fromPath, to: toPath, size: settings.size, duration: settings.duration, hold: settings.hold)
                    do {
                        let plan = try EditPlan(spec: spec, folder: URL(fileURLWithPath: "/"), tools: tools)
                        let exporter = try TimelineExporter(device: device, plan: plan, format: .webm, speedFirst: true, tools: tools)
                        _ = try exporter.export(to: output.stagedPath(card.clip))
                    } catch {
                        throw GalleryError.clipFailed(title: card.title, reason: "\(error)")
                    }
                    RenderingLog.logger.debug("gallery: clip \(index + 1) of \(cards.count), \(card.title)")
                    onClip?(index, card)
                }
                let page = GalleryPage.html(
                    cards: cards, from: URL(fileURLWithPath: from).lastPathComponent, to: URL(fileURLWithPath: to).lastPathComponent,
                    width: settings.size.width, height: settings.size.height, duration: settings.duration, hold: settings.hold)
                let index = URL(fileURLWithPath: output.stagedPath("index.html"))
                do { try Data(page.utf8).write(to: index) } catch {
                    throw OutputError("write", path: index.path, reason: error.localizedDescription)
                }
                return output.destination.path
            }
        }
    }

    /// The picture decoded whole now, so a missing or damaged one is named before anything
    /// renders; its absolute path (the clips' edits are read from `/`).
    static func checkedPicture(_ path: String) throws(GalleryError) -> String {
        do { _ = try PictureDecoder.read(path: path) } catch {
            throw .unreadablePicture(path: path, reason: "\(error)")
        }
        return path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// A folder with anything in it (hidden files aside, but for an output manifest).
    static func holdsFiles(_ path: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.contains { !$0.hasPrefix(".") } || names.contains(OutputDirectory.manifestName)
    }

    /// What a gallery writes, and so may replace in its folder.
    public static func isGalleryFile(_ name: String) -> Bool { name == "index.html" || name.hasSuffix(".webm") }
}
