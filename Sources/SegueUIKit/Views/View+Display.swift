import SegueImage

/// Drawn content, UIKit's `draw(_:)` and CALayer's `display()`: a view that draws produces a
/// picture once, the compositor uploads it once, and both are reused until `setNeedsDisplay()`
/// (or a new content scale, or a bounds size change with `needsDisplayOnBoundsChange`).
extension View {
    /// Marks the content as out of date: `display(contentScale:)` runs before the next frame
    /// draws this view. A view that overrides `draw(into:scale:)` calls it once to be drawn at all.
    public func setNeedsDisplay() {
        needsDisplay = true
        markWindowNeedsDisplay()
    }

    /// Called by the compositor before it draws the view: displays when marked, or when the
    /// content scale differs from the one the view last displayed at.
    public func displayIfNeeded(contentScale scale: Double) {
        guard needsDisplay || (displayedScale != nil && displayedScale != scale) else { return }
        needsDisplay = false
        displayedScale = scale
        display(contentScale: scale)
    }

    /// The pixel size of the view's bounds at `scale` (at least 1×1 when the bounds are not empty).
    public func contentPixelSize(scale: Double) -> (width: Int, height: Int)? {
        let width = (bounds.size.width * scale).rounded(.up), height = (bounds.size.height * scale).rounded(.up)
        guard width >= 1, height >= 1, width <= Double(RGBAImage.maxDimension), height <= Double(RGBAImage.maxDimension)
        else { return nil }
        return (Int(width), Int(height))
    }
}

extension View {
    /// Default `display(contentScale:)` body (see the declaration in View.swift): a transparent
    /// picture of the bounds at `scale`, handed to `draw(into:scale:)`, becomes the content.
    /// Empty (or absurdly large) bounds leave no content.
    func displayDrawing(contentScale scale: Double) {
        guard let size = contentPixelSize(scale: scale),
              var image = try? RGBAImage(width: size.width, height: size.height, fill: SIMD4(0, 0, 0, 0))
        else {
            content = nil
            return
        }
        draw(into: &image, scale: scale)
        content = .image(image)
    }
}
