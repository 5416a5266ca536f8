/// How a picture of another aspect ratio than the frame is fitted to it, with gl-transitions'
/// meanings: `cover` scales it (keeping its aspect ratio) until it fills the frame and crops
/// the centre; `contain` scales it until it fits and leaves transparent black bars; `stretch`
/// scales each axis on its own so the corners meet the frame's corners.
///
/// The raw values are what the gl-transitions host's shader reads. (Not `CaseIterable`: the
/// command line then prints the default by name, not by raw value.)
public enum ResizeMode: Int, Sendable {
    case cover = 0, contain = 1, stretch = 2

    public static let all: [ResizeMode] = [.cover, .contain, .stretch]

    public var name: String {
        switch self {
        case .cover: "cover"
        case .contain: "contain"
        case .stretch: "stretch"
        }
    }

    /// The size a `width` x `height` picture is scaled to in a `frameWidth` x `frameHeight` frame,
    /// before any crop: the least a decoder must give for the fit to lose nothing.
    public func neededSize(width: Int, height: Int, frameWidth: Int, frameHeight: Int) -> (width: Int, height: Int) {
        let (x, y) = (Double(frameWidth) / Double(width), Double(frameHeight) / Double(height))
        switch self {
        case .stretch: return (frameWidth, frameHeight)
        case .cover, .contain:
            let scale = self == .cover ? max(x, y) : min(x, y)
            return (Int((Double(width) * scale).rounded(.up)), Int((Double(height) * scale).rounded(.up)))
        }
    }
}

/// An effect that fits its pictures to the frame with a `ResizeMode` (set once, before rendering).
public protocol PictureResizing: AnyObject {
    var resizeMode: ResizeMode { get set }
}

extension GLTransitionEffect: PictureResizing {}
