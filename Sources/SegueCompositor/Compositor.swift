import SegueGL
import SegueImage
import SegueShaders
import SegueUIKit

/// Renders a view tree with GL, Core Animation style: each view is a quad placed by its
/// center, anchor point, bounds and 3D transform (perspective included), alpha multiplies down
/// the tree, subviews draw in order above their superview, and `clipsToBounds` clips them to
/// the view's (possibly rotated and rounded) shape with the stencil buffer. Like CALayer, each
/// view's 3D result is flattened into its superview's plane.
///
/// Content is uploaded once and reused until the view's content changes; a steady frame does
/// no uploads and no compiles. Textures of views that are gone are released at the start of
/// the next frame, on the GL thread.
@MainActor
public final class Compositor: WindowRenderer {
    let device: GLDevice
    let program: ShaderProgram
    let locations: Locations
    private var contents: [ObjectIdentifier: CachedContent] = [:]
    var stencilLevel: Int32 = 0
    /// The target being drawn into (a group's pooled target while one is drawn).
    var currentTarget: (any RenderTarget)?
    /// The target `render` draws into kept its pixels (a nil clear colour) and its stencil is
    /// not cleared yet: cleared at the first clip, so a frame without clips clears nothing.
    var stencilClearPending = false
    /// How deep in group-opacity targets the drawing is (0: `render`'s own target).
    var groupDepth = 0
    /// Scratch space for one matrix upload, allocated once (no allocation per quad).
    nonisolated(unsafe) let matrixScratch = UnsafeMutableBufferPointer<Float>.allocate(capacity: 16)
    private var targetHasStencil = false
    /// Pixels per point of the frame being drawn (a window's content scale).
    public private(set) var contentScale = 1.0

    struct Locations {
        let mvp, size, background, alpha, cornerRadius, hasContent, clipContent, mode, content, premultiplied: Int32
    }

    /// A view's uploaded content (or a snapshot it owns), kept while the view lives.
    private struct CachedContent {
        weak var view: View?
        let version: Int
        let texture: Texture
        let owned: Bool
        /// Snapshot targets are owned by the snapshot view's entry.
        let snapshotTarget: OffscreenTarget?
    }

    public init(device: GLDevice) throws(GLError) {
        self.device = device
        program = try device.cachedProgram(key: "segue.compositor.view") { () throws(GLError) in
            try device.makeProgram(vertexBody: ShaderLibrary.viewVertex, fragmentBody: ShaderLibrary.viewFragment)
        }
        let p = program
        locations = Locations(
            mvp: p.uniformLocation("segue_mvp"), size: p.uniformLocation("segue_size"),
            background: p.uniformLocation("segue_background"), alpha: p.uniformLocation("segue_alpha"),
            cornerRadius: p.uniformLocation("segue_cornerRadius"), hasContent: p.uniformLocation("segue_hasContent"),
            clipContent: p.uniformLocation("segue_clipContent"), mode: p.uniformLocation("segue_mode"),
            content: p.uniformLocation("segue_content"), premultiplied: p.uniformLocation("segue_contentPremultiplied"))
        p.use()
        GL.uniform1i(locations.content, 0)
    }

    /// The device it draws with (effects that render into views use it; tests read counters).
    public var glDevice: GLDevice { device }

    /// Textures the compositor holds for view contents and snapshots.
    public var cachedTextureCount: Int { contents.count }

    /// Clears `target` to `clearColor` and draws `root` and its subviews with their
    /// presentation values. `root`'s frame is in target points (top-left origin): `scale`
    /// pixels per point (a HiDPI window's 2), so views that draw their content (text) draw it
    /// at `scale` and stay crisp. A nil `clearColor` keeps the target's pixels and draws the
    /// views over them (something drew the window's picture already this frame).
    public func render(_ root: View, into target: some RenderTarget, clearColor: Color? = .black, scale: Double = 1) throws(GLError) {
        collectGarbage()
        contentScale = scale.isFinite && scale > 0 ? scale : 1
        currentTarget = target
        defer { currentTarget = nil }
        device.bind(target)
        GL.clearStencil(0)
        if let clearColor {
            let clear = clearColor.premultiplied
            GL.clearColor(clear.x, clear.y, clear.z, clear.w)
            GL.clear(GL.colorBufferBit | (target.hasStencil ? GL.stencilBufferBit : 0))
        }
        // Kept pixels: the stencil (for clips) is cleared when the first clip needs it, not
        // always (a full-window clear costs ~0.15 ms a frame at 1280x720 on llvmpipe).
        stencilClearPending = clearColor == nil && target.hasStencil
        defer { stencilClearPending = false }
        let projection = Self.projection(
            width: Double(target.width) / contentScale, height: Double(target.height) / contentScale, flip: target.flipsVertically)
        try draw(root, parentMatrix: projection, hasStencil: target.hasStencil, ownTransform: true)
        try device.debugCheckError("Compositor.render")
    }

    /// Renders `view`'s subtree once into a texture and returns a new view showing it, with
    /// the view's frame (UIKit's `snapshotView(afterScreenUpdates:)`). Scaling the snapshot
    /// scales everything that was inside it. The texture lives as long as the snapshot view.
    public func snapshot(of view: View) throws(GLError) -> View {
        let size = view.presentation.bounds.size
        let (width, height) = try Size(width: size.width * contentScale, height: size.height * contentScale).pixelSize(rounding: .up)
        let target = try device.makeOffscreenTarget(width: width, height: height, stencil: true)
        target.texture.setFilter(.linear)
        currentTarget = target
        defer { currentTarget = nil }
        device.bind(target)
        GL.clearColor(0, 0, 0, 0)
        GL.clearStencil(0)
        GL.clear(GL.colorBufferBit | GL.stencilBufferBit)
        let projection = Self.projection(width: Double(width) / contentScale, height: Double(height) / contentScale, flip: false)
        do {
            try draw(view, parentMatrix: projection, hasStencil: true, ownTransform: false)
        } catch {
            target.release()
            throw error
        }
        let snapshot = View(frame: view.frame, name: "\(view.name).snapshot")
        snapshot.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        snapshot.content = .texture(target.texture)
        // An entry under this key belongs to a view that died before a frame collected it (the
        // new view took its address): release it, or its texture would never be.
        if let stale = contents.removeValue(forKey: ObjectIdentifier(snapshot)) { release(stale) }
        contents[ObjectIdentifier(snapshot)] = CachedContent(
            view: snapshot, version: snapshot.contentVersion, texture: target.texture, owned: false, snapshotTarget: target)
        return snapshot
    }

    /// Releases every texture the compositor holds. Call on the GL thread before the device.
    public func release() {
        for entry in contents.values { release(entry) }
        contents.removeAll()
    }

    deinit { matrixScratch.deallocate() }  // host memory only; GL objects go in release()

    // MARK: Drawing

    /// `alphaApplied`: the view's own alpha is applied by the group it is being flattened into.
    func draw(
        _ view: View, parentMatrix: Transform3D, hasStencil: Bool, ownTransform: Bool, parentAlpha: Double = 1,
        alphaApplied: Bool = false
    ) throws(GLError) {
        guard !view.isHidden else { return }
        let state = view.presentation
        let alpha = parentAlpha * (ownTransform && !alphaApplied ? state.alpha : 1)
        guard alpha > 0 else { return }
        if ownTransform, !alphaApplied, state.alpha < 1, view.allowsGroupOpacity, !view.subviews.isEmpty {
            return try drawGroup(view, parentMatrix: parentMatrix, alpha: alpha)
        }
        let size = state.bounds.size
        view.displayIfNeeded(contentScale: contentScale)
        let world: Transform3D
        if ownTransform {
            // Anchor to origin, the view's transform, to its center, flattened into the
            // superview's plane, then the superview's matrix.
            world = Transform3D(translationX: -view.anchorPoint.x * size.width, y: -view.anchorPoint.y * size.height, z: 0)
                .concatenating(state.transform)
                .concatenating(Transform3D(translationX: state.center.x, y: state.center.y, z: 0))
                .concatenating(Self.flatten)
                .concatenating(parentMatrix)
        } else {
            world = parentMatrix
        }
        try drawQuad(view, state: state, matrix: world, alpha: alpha)

        guard !view.subviews.isEmpty else { return }
        let childMatrix = Transform3D(translationX: -state.bounds.origin.x, y: -state.bounds.origin.y, z: 0).concatenating(world)
        if view.clipsToBounds {
            guard hasStencil else { throw GLError.targetHasNoStencil(view: view.name) }
            drawStencilShape(view, state: state, matrix: world, push: true)
        }
        for subview in view.subviews {
            try draw(subview, parentMatrix: childMatrix, hasStencil: hasStencil, ownTransform: true, parentAlpha: alpha)
        }
        if view.clipsToBounds { drawStencilShape(view, state: state, matrix: world, push: false) }
    }

    private func drawQuad(_ view: View, state: ViewState, matrix: Transform3D, alpha: Double) throws(GLError) {
        let texture = try contentTexture(for: view)
        guard state.backgroundColor.alpha > 0 || texture != nil else { return }
        program.use()
        setCommonUniforms(view, state: state, matrix: matrix)
        let background = state.backgroundColor.premultiplied
        GL.uniform4f(locations.background, background.x, background.y, background.z, background.w)
        GL.uniform1f(locations.alpha, Float(alpha))
        GL.uniform1i(locations.hasContent, texture == nil ? 0 : 1)
        GL.uniform1i(locations.clipContent, view.clipsToBounds ? 1 : 0)
        GL.uniform1i(locations.mode, 0)
        drawBlendedQuad(texture: texture)
    }

    /// Draws the quad the uniforms describe over what is there (premultiplied "over"), with
    /// `texture` on unit 0 when given, inside the current clip.
    func drawBlendedQuad(texture: Texture?) {
        if let texture {
            GL.activeTexture(unit: 0)
            GL.bindTexture(texture.name)
        }
        GL.enable(GL.blend)
        GL.blendFunc(GL.one, GL.oneMinusSourceAlpha)
        applyStencilTest()
        device.drawQuadStrip()
        GL.disable(GL.blend)
    }

    /// Pushes (or pops) the view's shape onto the stencil: inside it the level is one higher,
    /// and subviews draw only where the level matches.
    func drawStencilShape(_ view: View, state: ViewState, matrix: Transform3D, push: Bool) {
        if push, stencilClearPending, groupDepth == 0 {
            stencilClearPending = false
            GL.clearStencil(0)
            GL.clear(GL.stencilBufferBit)
        }
        program.use()
        setCommonUniforms(view, state: state, matrix: matrix)
        GL.uniform1i(locations.mode, 1)
        GL.colorMask(false)
        GL.enable(GL.stencilTest)
        GL.stencilFunc(GL.equal, reference: push ? stencilLevel : stencilLevel)
        GL.stencilOp(fail: GL.keep, depthFail: GL.keep, pass: push ? GL.increment : GL.decrement)
        device.drawQuadStrip()
        GL.colorMask(true)
        GL.stencilOp(fail: GL.keep, depthFail: GL.keep, pass: GL.keep)
        stencilLevel += push ? 1 : -1
        applyStencilTest()
    }

    func applyStencilTest() {
        if stencilLevel > 0 {
            GL.enable(GL.stencilTest)
            GL.stencilFunc(GL.equal, reference: stencilLevel)
        } else {
            GL.disable(GL.stencilTest)
        }
    }

    private func setCommonUniforms(_ view: View, state: ViewState, matrix: Transform3D) {
        matrix.write(into: matrixScratch)
        GL.uniformMatrix4(locations.mvp, UnsafePointer(matrixScratch.baseAddress!))
        GL.uniform2f(locations.size, Float(state.bounds.size.width), Float(state.bounds.size.height))
        GL.uniform1f(locations.cornerRadius, Float(view.cornerRadius))
    }

    // MARK: Content

    private func contentTexture(for view: View) throws(GLError) -> Texture? {
        guard let content = view.content else { return nil }
        let key = ObjectIdentifier(view)
        if let cached = contents[key], cached.version == view.contentVersion, cached.view === view { return cached.texture }
        let stale = contents.removeValue(forKey: key)
        let texture: Texture
        var owned = true
        switch content {
        case .image(let image):
            texture = try uploaded(image, replacing: stale, of: view)
        case .texture(let adopted):
            if let stale { release(stale) }
            texture = adopted
            owned = false
        case let .drawing(width, height, draw):
            var image: RGBAImage
            do {
                image = try RGBAImage(width: width, height: height, fill: SIMD4(0, 0, 0, 0))
            } catch {
                if let stale { release(stale) }
                throw GLError.invalidSize(width: width, height: height, reason: "view '\(view.name)' drawing: \(error)")
            }
            draw(&image)
            texture = try uploaded(image, replacing: stale, of: view)
        }
        contents[key] = CachedContent(view: view, version: view.contentVersion, texture: texture, owned: owned, snapshotTarget: nil)
        return texture
    }

    /// `image` on the GPU: in the view's previous texture when it has one of this size (new
    /// text on the overlay's status line, say), so a changed picture costs an upload, not a
    /// texture deleted and made again; otherwise in a new texture.
    private func uploaded(_ image: RGBAImage, replacing stale: CachedContent?, of view: View) throws(GLError) -> Texture {
        if let stale, stale.view === view, stale.owned, stale.snapshotTarget == nil,
           stale.texture.width == image.width, stale.texture.height == image.height {
            let result: Result<Void, GLError> = image.pixels.withUnsafeBytes { bytes in
                do throws(GLError) { try stale.texture.upload(pixels: bytes); return .success(()) } catch { return .failure(error) }
            }
            do {
                try result.get()
            } catch {
                release(stale)
                throw error
            }
            return stale.texture
        }
        if let stale { release(stale) }
        return try device.makeTexture(image: image, filter: .linear)
    }

    /// Releases textures of views that no longer exist.
    private func collectGarbage() {
        guard contents.values.contains(where: { $0.view == nil }) else { return }
        for (key, entry) in contents where entry.view == nil {
            release(entry)
            contents.removeValue(forKey: key)
        }
    }

    private func release(_ entry: CachedContent) {
        if let target = entry.snapshotTarget { target.release() } else if entry.owned { entry.texture.release() }
    }

    // MARK: Matrices

    /// Drops z after a view's own transform, as CALayer flattens sublayers into its plane.
    static let flatten: Transform3D = {
        var t = Transform3D.identity
        t.m33 = 0
        return t
    }()

    /// Target pixels (top-left origin) to clip space; z is flattened, w kept for perspective.
    static func projection(width: Double, height: Double, flip: Bool) -> Transform3D {
        var p = Transform3D.identity
        p.m11 = 2 / width
        p.m41 = -1
        p.m22 = flip ? -2 / height : 2 / height
        p.m42 = flip ? 1 : -1
        p.m33 = 0
        return p
    }
}

extension Transform3D {
    /// Writes m11...m44 (row-major storage of a row-vector matrix), which GLSL reads as the
    /// column-major matrix G with G * v == v · M.
    func write(into buffer: UnsafeMutableBufferPointer<Float>) {
        buffer[0] = Float(m11); buffer[1] = Float(m12); buffer[2] = Float(m13); buffer[3] = Float(m14)
        buffer[4] = Float(m21); buffer[5] = Float(m22); buffer[6] = Float(m23); buffer[7] = Float(m24)
        buffer[8] = Float(m31); buffer[9] = Float(m32); buffer[10] = Float(m33); buffer[11] = Float(m34)
        buffer[12] = Float(m41); buffer[13] = Float(m42); buffer[14] = Float(m43); buffer[15] = Float(m44)
    }
}
