import SegueGL
import SegueUIKit

/// Group opacity (CALayer's `allowsGroupOpacity`): a view with alpha below 1 and subviews is
/// drawn with alpha 1 into a pooled offscreen target the size of the current one, then that
/// picture is drawn once with the view's alpha. Drawing it at the target's size with the same
/// matrices keeps any 3D transform, unclipped subview and nested group exact; the ancestors'
/// clip (the stencil) applies when the picture is drawn back. The pool hands the same target
/// back every frame, so a steady frame creates no GL objects.
extension Compositor {
    func drawGroup(_ view: View, parentMatrix: Transform3D, alpha: Double) throws(GLError) {
        guard let outer = currentTarget else { return }
        let group = try device.targetPool.acquire(
            RenderTargetDescription(width: outer.width, height: outer.height, stencil: outer.hasStencil))
        defer { device.targetPool.recycle(group) }
        let outerStencil = stencilLevel
        groupDepth += 1
        defer { groupDepth -= 1 }
        currentTarget = group
        device.bind(group)
        GL.clearColor(0, 0, 0, 0)
        GL.clearStencil(0)
        GL.clear(GL.colorBufferBit | (group.hasStencil ? GL.stencilBufferBit : 0))
        stencilLevel = 0
        applyStencilTest()
        // An offscreen target stores the top row first; a window's framebuffer the bottom one.
        let matrix = outer.flipsVertically ? parentMatrix.concatenating(Self.flipY) : parentMatrix
        do {
            try draw(view, parentMatrix: matrix, hasStencil: group.hasStencil, ownTransform: true, alphaApplied: true)
        } catch {
            restore(outer, stencilLevel: outerStencil)
            throw error
        }
        restore(outer, stencilLevel: outerStencil)
        drawFlattened(group.texture, into: outer, alpha: alpha)
    }

    /// Back to drawing into `target` (a method, not a closure: no context allocated per frame).
    private func restore(_ target: any RenderTarget, stencilLevel level: Int32) {
        currentTarget = target
        device.bind(target)
        stencilLevel = level
    }

    /// The group's picture (premultiplied) over the whole target, texel for pixel.
    private func drawFlattened(_ texture: Texture, into target: any RenderTarget, alpha: Double) {
        let width = Double(target.width) / contentScale, height = Double(target.height) / contentScale
        program.use()
        Self.projection(width: width, height: height, flip: target.flipsVertically).write(into: matrixScratch)
        GL.uniformMatrix4(locations.mvp, UnsafePointer(matrixScratch.baseAddress!))
        GL.uniform2f(locations.size, Float(width), Float(height))
        GL.uniform1f(locations.cornerRadius, 0)
        GL.uniform4f(locations.background, 0, 0, 0, 0)
        GL.uniform1f(locations.alpha, Float(alpha))
        GL.uniform1i(locations.hasContent, 1)
        GL.uniform1i(locations.clipContent, 0)
        GL.uniform1i(locations.mode, 0)
        GL.uniform1i(locations.premultiplied, 1)
        drawBlendedQuad(texture: texture)
        GL.uniform1i(locations.premultiplied, 0)
    }

    /// Clip-space y negated: the same picture for a target that stores the other row first.
    static let flipY: Transform3D = {
        var t = Transform3D.identity
        t.m22 = -1
        return t
    }()
}
