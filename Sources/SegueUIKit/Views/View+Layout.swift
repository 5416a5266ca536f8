/// UIView's autoresizing mask: which of a view's margins and sizes follow its superview when
/// the superview's bounds size changes. Raw values are UIKit's.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}

/// Layout, UIKit style: `setNeedsLayout()` marks a view, `layoutIfNeeded()` runs
/// `layoutSubviews()` on the marked views of a subtree (parents first), and a window runs it on
/// its whole tree once per frame before drawing. A controller's root view calls the controller's
/// `viewWillLayoutSubviews()` / `viewDidLayoutSubviews()` around its own `layoutSubviews()`. A bounds size change marks the view and
/// applies its subviews' autoresizing masks at once.
extension View {
    /// Marks the view so that `layoutSubviews()` runs before the next frame (or `layoutIfNeeded()`).
    public func setNeedsLayout() {
        needsLayout = true
        markWindowNeedsDisplay()
    }

    /// Lays out this view if it is marked, then its subviews that are (after this view's
    /// `layoutSubviews()`, which may have marked them by resizing them).
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            // UIKit's order around a controller's root view: will-hook, layoutSubviews, did-hook;
            // the subviews lay themselves out after (UIKit documents that too).
            let controller = owningViewController.flatMap { $0.viewIfLoaded === self ? $0 : nil }
            controller?.viewWillLayoutSubviews()
            layoutSubviews()
            controller?.viewDidLayoutSubviews()
        }
        // Index loop: a subview's layout may not reorder its parent, but must not trap if it does.
        var index = 0
        while index < subviews.count {
            subviews[index].layoutIfNeeded()
            index += 1
        }
    }

    /// UIKit's documented rule, per axis: the change of the superview's size is shared among
    /// the flexible parts (left margin, width, right margin) in proportion to their sizes; when
    /// the flexible parts have no size, equally. Fixed parts keep their size.
    static func autoresized(
        start: Double, length: Double, oldContainer: Double, newContainer: Double,
        flexibleStart: Bool, flexibleLength: Bool, flexibleEnd: Bool
    ) -> (start: Double, length: Double) {
        let delta = newContainer - oldContainer
        guard delta != 0, flexibleStart || flexibleLength || flexibleEnd else { return (start, length) }
        let end = oldContainer - start - length
        let parts = [(flexibleStart, start), (flexibleLength, length), (flexibleEnd, end)]
        let flexibleTotal = parts.reduce(0.0) { $0 + ($1.0 ? $1.1 : 0) }
        let flexibleCount = Double(parts.filter(\.0).count)
        func share(_ part: (Bool, Double)) -> Double {
            guard part.0 else { return 0 }
            return flexibleTotal != 0 ? delta * part.1 / flexibleTotal : delta / flexibleCount
        }
        return (start + share(parts[0]), length + share(parts[1]))
    }

    /// Applies the subviews' autoresizing masks for a change of this view's bounds size.
    func autoresizeSubviews(from oldSize: Size) {
        let newSize = bounds.size
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            let mask = subview.autoresizingMask, frame = subview.frame
            let x = Self.autoresized(
                start: frame.minX, length: frame.width, oldContainer: oldSize.width, newContainer: newSize.width,
                flexibleStart: mask.contains(.flexibleLeftMargin), flexibleLength: mask.contains(.flexibleWidth),
                flexibleEnd: mask.contains(.flexibleRightMargin))
            let y = Self.autoresized(
                start: frame.minY, length: frame.height, oldContainer: oldSize.height, newContainer: newSize.height,
                flexibleStart: mask.contains(.flexibleTopMargin), flexibleLength: mask.contains(.flexibleHeight),
                flexibleEnd: mask.contains(.flexibleBottomMargin))
            subview.frame = Rect(x: x.start, y: y.start, width: x.length, height: y.length)
        }
    }
}
