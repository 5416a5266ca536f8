import SegueUIKit

extension View {
    /// A seed's screen, built in code where the seeds load it from a storyboard: the 320×480
    /// points of the iPhone they were written for, in `colour` (none: clear), named `name`.
    static func seedScreen(name: String, colour: Color? = nil) -> View {
        let view = View(frame: Rect(x: 0, y: 0, width: 320, height: 480), name: name)
        if let colour { view.backgroundColor = colour }
        return view
    }
}
