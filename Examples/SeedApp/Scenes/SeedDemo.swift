import SeedPalette
import SegueUIKit

/// One of the seeds' apps the root screen offers (DESIGN.md §4), in the order of its buttons:
/// button n is also key n (the tenth, key 0; the eleventh has no key).
public enum SeedDemo: Int, CaseIterable, Sendable {
    case diagonal, slideUpSpring, dimming, dropDownMenu, shrinkDismiss, cubePush, zoomPush, pixelDissolve, swipeTabs, photoGrid
    /// Shared elements by id (`View.transitionID`), not one of the seeds: cards whose views fly into a detail.
    case sharedCards

    /// The button's title.
    public var title: String {
        switch self {
        case .diagonal: "Diagonal present"
        case .slideUpSpring: "Slide up (spring)"
        case .dimming: "Dimming"
        case .dropDownMenu: "Drop-down menu"
        case .shrinkDismiss: "Shrink dismiss"
        case .cubePush: "Cube push"
        case .zoomPush: "Zoom push"
        case .pixelDissolve: "Pixel dissolve"
        case .swipeTabs: "Swipe tabs"
        case .photoGrid: "Photo grid (iOS 18 zoom)"
        case .sharedCards: "Shared elements (cards)"
        }
    }

    /// What the shown screen asks the user to do.
    public var instruction: String {
        switch self {
        case .diagonal: "Close slides it back to the bottom-right corner"
        case .slideUpSpring: "Close slides it back down"
        case .dimming: "Close fades it and the dimming out"
        case .dropDownMenu: "Tap the screen below to close the menu"
        case .shrinkDismiss: "Close shrinks a snapshot of this screen"
        case .cubePush: "Drag from the left edge, or Back, to rotate back"
        case .zoomPush: "Drag from the left edge, or Back, to go back"
        case .pixelDissolve: "Drag right across the screen to dissolve back"
        case .swipeTabs: "Swipe left or right to switch tabs; Back to go back"
        case .photoGrid: "Click a photo to zoom in; drag it down, Back or Escape to zoom back"
        case .sharedCards: "Click a card: its title, picture and avatar fly into the detail; Back or a drag from the left edge flies them back"
        }
    }

    /// The shown screen's colour (the seeds' samples' colours, `Palette`).
    public var color: Color {
        switch self {
        case .diagonal, .slideUpSpring, .shrinkDismiss: Palette.action
        case .dimming: Palette.message
        case .dropDownMenu: Palette.menu
        case .cubePush, .zoomPush: Palette.detail
        case .pixelDissolve: Palette.dissolve
        case .swipeTabs: Palette.items
        case .photoGrid: Palette.text
        case .sharedCards: Palette.menu
        }
    }

    /// Pushed on the navigation stack rather than presented.
    public var isPush: Bool { self == .cubePush || self == .zoomPush || self == .swipeTabs || self == .photoGrid || self == .sharedCards }

    /// The transition's length in seconds (presenting or pushing), from the seeds.
    public var duration: Double {
        switch self {
        case .diagonal, .dimming, .dropDownMenu: 0.5
        case .slideUpSpring: 2.5
        case .shrinkDismiss: 0.5  // presented with the diagonal slide; the shrink is its dismissal (2 s)
        case .cubePush: 1.5
        case .zoomPush: 0.25
        case .pixelDissolve: 1
        case .swipeTabs, .photoGrid, .sharedCards: 0.35  // the navigation controller's own slide
        }
    }
}
