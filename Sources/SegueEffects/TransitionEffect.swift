import SegueGL

/// A GPU transition between two images driven by one number, progress (0 = from, 1 = to).
public protocol TransitionEffect: AnyObject {
    var progress: Float { get set }
    func render(into target: some RenderTarget) throws(GLError)
    /// Releases what the effect allocated on the GPU (not the caller's textures).
    func release()
}

extension PixelDissolve: TransitionEffect, PictureResizing {}
