import SegueGL
import SegueImage
import SegueShaders

/// Draws an edit's text on the GPU: each overlay's lines rasterised once by SegueText (FreeType's
/// coverage of HarfBuzz's glyphs, at the output's pixel size) into a texture, again only when a
/// typed-on text shows more glyphs, and composited over frames by `text_overlay.glsl` texel for
/// texel at whole-pixel places. One owner, on the GL thread; `release()` frees its GPU objects.
final class TextOverlayRenderer {
    let overlays: [TextOverlay]
    private let device: GLDevice
    private let width: Int
    private let height: Int
    private let program: ShaderProgram
    /// Each overlay's picture and the glyphs it shows, made when first shown; the least recently
    /// used go past `keptPictures`, so memory follows what shows, not the edit's length.
    private var pictures: [Int: (texture: Texture, glyphs: Int, used: Int)] = [:]
    private var uses = 0
    static let keptPictures = 16
    /// Frames with text by item (`.item`) and for the whole edit, for a quick "nothing to draw".
    private let byItem: [Int: [Int]]
    /// The edit's overlays by their first frame, and those that may show at the last frame
    /// asked: a render asks frame after frame, so each overlay joins and leaves them once and a
    /// frame costs the texts around it, not every text of the edit.
    private let overEditByStart: [Int]
    private var overEditNext = 0
    private var overEditLive: [Int] = []
    private var overEditAsked = Int.min
    /// The frame uploaded and the two RGBA8 targets the passes alternate between.
    private var frameTexture: Texture?
    private var passes: [FormattedTarget] = []

    init(device: GLDevice, width: Int, height: Int, overlays: [TextOverlay]) throws {
        (self.device, self.width, self.height, self.overlays) = (device, width, height, overlays)
        program = try device.cachedProgram(key: "segue.textOverlay") {
            () throws(GLError) -> ShaderProgram in try device.makeFullscreenProgram(fragmentBody: ShaderLibrary.textOverlay)
        }
        var byItem: [Int: [Int]] = [:], overEdit: [Int] = []
        for (index, overlay) in overlays.enumerated() {
            switch overlay.scope {
            case let .item(item): byItem[item, default: []].append(index)
            case .edit: overEdit.append(index)
            }
        }
        self.byItem = byItem
        overEditByStart = overEdit.sorted { (overlays[$0].frames.lowerBound, $0) < (overlays[$1].frames.lowerBound, $1) }
    }

    /// The edit's overlays whose frames hold `frame`, in the overlays' order.
    private func overEdit(at frame: Int) -> [Int] {
        if frame < overEditAsked { (overEditNext, overEditLive) = (0, []) }   // asked backwards: start again
        overEditAsked = frame
        while overEditNext < overEditByStart.count, overlays[overEditByStart[overEditNext]].frames.lowerBound <= frame {
            overEditLive.append(overEditByStart[overEditNext])
            overEditNext += 1
        }
        overEditLive.removeAll { overlays[$0].frames.upperBound <= frame }
        return overEditLive.sorted()
    }

    /// The overlays showing text at `frame` of `scope` (an item's own frame, or the edit's).
    func showing(_ scope: TextOverlay.Scope, at frame: Int) -> [Int] {
        let candidates: [Int]
        switch scope {
        case let .item(item): candidates = byItem[item] ?? []
        case .edit: candidates = overEdit(at: frame)
        }
        return candidates.filter { overlays[$0].frames.contains(frame) && overlays[$0].state(at: frame).opacity > 0 }
    }

    /// Draws the text of `scope` at `frame` over the RGBA8 frame in `buffer`, in place (uploaded,
    /// composited, read back); leaves it untouched when no text shows.
    func draw(_ scope: TextOverlay.Scope, at frame: Int, over buffer: UnsafeMutableRawBufferPointer) throws {
        let shown = showing(scope, at: frame)
        guard !shown.isEmpty else { return }
        let texture = try frameTexture ?? device.makeTexture(width: width, height: height, pixels: nil)
        frameTexture = texture
        try texture.upload(pixels: UnsafeRawBufferPointer(buffer))
        let result = try composite(shown, at: frame, over: texture.name) { try rgbaPass($0) }
        try result.readPixels(into: buffer)
    }

    /// Draws the edit's text at `frame` over a rendered frame (a transition's), into a target
    /// `makeTarget` gives (of the rendered frame's format); returns the frame's target when no text shows.
    func draw(at frame: Int, over rendered: FormattedTarget, into spare: inout FormattedTarget?,
              makeTarget: () throws -> FormattedTarget) throws -> FormattedTarget {
        let shown = showing(.edit, at: frame)
        guard !shown.isEmpty else { return rendered }
        var made = spare
        defer { spare = made }
        // Passes alternate between the spare target and the rendered one (never read and written at once).
        return try composite(shown, at: frame, over: rendered.textureName) { index in
            let next = try made ?? makeTarget()
            made = next
            return index % 2 == 0 ? next : rendered
        }
    }

    /// Each shown overlay in turn, the first over `frameName`, each later one over the last result.
    private func composite(_ shown: [Int], at frame: Int, over frameName: TextureName, target: (Int) throws -> FormattedTarget) throws -> FormattedTarget {
        var below = frameName
        var result: FormattedTarget?
        for (pass, index) in shown.enumerated() {
            let overlay = overlays[index]
            let state = overlay.state(at: frame)
            let picture = try self.picture(index, glyphs: state.glyphs)
            let out = try target(pass)
            device.bind(out)
            program.use()
            GL.activeTexture(unit: 0)
            GL.bindTexture(below)
            GL.activeTexture(unit: 1)
            GL.bindTexture(picture.name)
            GL.uniform1i(program.uniformLocation("segue_frame"), 0)
            GL.uniform1i(program.uniformLocation("segue_text"), 1)
            GL.uniformInts(program.uniformLocation("segue_textOrigin"), [Int32(overlay.origin.x), Int32(overlay.origin.y + state.shiftY)])
            GL.uniform1f(program.uniformLocation("segue_opacity"), Float(state.opacity))
            device.drawFullscreen()
            GL.activeTexture(unit: 0)
            try device.debugCheckError("text overlay")
            below = out.textureName
            result = out
        }
        return result!
    }

    /// The RGBA8 target of pass `index` (two, alternating).
    private func rgbaPass(_ index: Int) throws -> FormattedTarget {
        while passes.count < min(2, index + 1) { passes.append(try device.makeTarget(width: width, height: height, format: .rgba8)) }
        return passes[index % 2]
    }

    /// Overlay `index`'s picture with its first `glyphs` glyphs, rasterised when that changes.
    private func picture(_ index: Int, glyphs: Int) throws -> Texture {
        uses += 1
        if let known = pictures[index], known.glyphs == glyphs {
            pictures[index] = (known.texture, glyphs, uses)
            return known.texture
        }
        let overlay = overlays[index]
        let image = try overlay.layout.image(color: overlay.color, alignment: overlay.alignment, glyphLimit: glyphs)
        let texture: Texture
        if let known = pictures[index], known.texture.width == image.width, known.texture.height == image.height {
            texture = known.texture
            try image.pixels.withUnsafeBytes { try texture.upload(pixels: $0) }
        } else {
            pictures[index]?.texture.release()
            texture = try image.pixels.withUnsafeBytes { try device.makeTexture(width: image.width, height: image.height, pixels: $0) }
        }
        pictures[index] = (texture, glyphs, uses)
        if pictures.count > Self.keptPictures, let oldest = pictures.min(by: { $0.value.used < $1.value.used }) {
            oldest.value.texture.release()
            pictures[oldest.key] = nil
        }
        return texture
    }

    func release() {
        pictures.values.forEach { $0.texture.release() }
        pictures = [:]
        frameTexture?.release()
        frameTexture = nil
        passes.forEach { $0.release() }
        passes = []
    }
}
