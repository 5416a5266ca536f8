import SegueUIKit

/// Where the stage goes in the window: the largest rect of the stage's aspect inside the window,
/// centred, on whole pixels (the player letterboxes; it never crops or stretches the show).
public enum StageFitting {
    public static func aspectFit(width: Int, height: Int, in window: (width: Int, height: Int)) -> Rect {
        let scale = min(Double(window.width) / Double(width), Double(window.height) / Double(height))
        let w = (Double(width) * scale).rounded(), h = (Double(height) * scale).rounded()
        return Rect(
            x: ((Double(window.width) - w) / 2).rounded(.down), y: ((Double(window.height) - h) / 2).rounded(.down),
            width: w, height: h)
    }
}
