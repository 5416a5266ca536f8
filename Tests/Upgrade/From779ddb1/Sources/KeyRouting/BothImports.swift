// A file that imports the umbrella and SegueScene both, as some did at 779ddb1 (the umbrella
// re-exported SegueScene then): views, a window and its compositor, timing and a render job.
import Segue
import SegueScene

@MainActor
public func stage(on device: GLDevice) throws -> (Window, Compositor) {
    let window = Window(size: Size(width: 320, height: 180))
    let badge = View(frame: Rect(x: 8, y: 8, width: 64, height: 32), name: "badge")
    badge.backgroundColor = Color(red: 1, green: 1, blue: 1)
    window.rootView.addSubview(badge)
    View.animate(withDuration: 0.3, options: .curveEaseOut, animations: { badge.alpha = 0.5 })
    let compositor = try Compositor(device: device)
    window.attach(compositor)
    _ = (VirtualClock(step: 1.0 / 30), TransitionRenderer.builtInNames.count)
    return (window, compositor)
}
