import SegueImage
import SegueUIKit

/// The seeds' samples' colours: the ports (SeedPorts) paint their views with them, so that
/// pictures say which view is where, and the seed app (SeedApp) its screens, so that it looks
/// like the samples. One palette, so the two cannot drift apart.
public enum Palette {
    public static let items = Color(red: 0.1, green: 0.3, blue: 0.9)        // the source list
    public static let action = Color(red: 1, green: 0.55, blue: 0)          // the modal target
    public static let detail = Color(red: 0.1, green: 0.75, blue: 0.3)      // pushed controllers
    public static let badge = Color.white                                   // a subview (image view)
    public static let message = Color(red: 0.85, green: 0.15, blue: 0.55)   // a custom presentation
    public static let background = Color(red: 0.95, green: 0.95, blue: 0.97)  // the seed app's screens
    public static let menu = Color(red: 0.2, green: 0.2, blue: 0.25)        // the drop-down menu
    public static let dissolve = Color(red: 0.45, green: 0.2, blue: 0.8)    // the pixel-dissolved screen
    public static let text = Color(red: 0.1, green: 0.1, blue: 0.12)        // titles and hints

    /// The 8-bit RGB the compositor writes for an opaque colour.
    public static func rgb(_ color: Color) -> SIMD3<Int> {
        SIMD3(Int((color.red * 255).rounded()), Int((color.green * 255).rounded()), Int((color.blue * 255).rounded()))
    }
}

extension RGBAImage {
    /// The RGB at a point (top-left origin, as the stage's window).
    public func rgb(_ x: Int, _ y: Int) -> SIMD3<Int> {
        let p = self[x, y]
        return SIMD3(Int(p.x), Int(p.y), Int(p.z))
    }

    /// Whether the pixel at (x, y) is `color` within `tolerance` per channel.
    public func shows(_ color: Color, at x: Int, _ y: Int, tolerance: Int = 2) -> Bool {
        let d = rgb(x, y) &- Palette.rgb(color)
        return max(abs(d.x), abs(d.y), abs(d.z)) <= tolerance
    }
}
