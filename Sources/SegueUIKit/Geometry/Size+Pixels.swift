import SegueGL

extension Size {
    /// Whole pixels for a texture or target of this size, at least 1×1 (an empty view still
    /// snapshots). Throws `GLError.invalidSize` for a NaN or infinite side, which no texture can
    /// hold and which `Int(_:)` would trap on; sides beyond `Int32.max` are clamped there, so
    /// that the device's own size check reports them.
    public func pixelSize(rounding rule: FloatingPointRoundingRule = .up) throws(GLError) -> (width: Int, height: Int) {
        guard width.isFinite, height.isFinite else {
            throw GLError.invalidSize(
                width: 0, height: 0, reason: "the size \(width) x \(height) is not finite (a NaN or infinite view size)")
        }
        let limit = Double(Int32.max)
        return (max(1, Int(min(width.rounded(rule), limit))), max(1, Int(min(height.rounded(rule), limit))))
    }
}
