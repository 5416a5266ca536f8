// README's and RunningAnAppInAWindow's app, as written against 779ddb1: a root view controller
// in a window, keys through the responder chain.
import SegueAppHost
import SegueScene

@MainActor
final class HelloController: ViewController {
    private var typed = ""

    init() { super.init(name: "hello") }

    override func loadView() {
        view = View(frame: Rect(x: 0, y: 0, width: 640, height: 360), name: "hello")
        view.backgroundColor = Color(red: 0.2, green: 0.3, blue: 0.5)
        let tap = TapGestureRecognizer { [weak self] _ in _ = self?.becomeFirstResponder() }
        view.addGestureRecognizer(tap)
    }

    override var canBecomeFirstResponder: Bool { true }

    override func pressesBegan(_ press: KeyPress) {
        if press.key == .escape { dismiss(animated: true) } else { super.pressesBegan(press) }
    }

    override func insertText(_ text: String) { typed += text }
}

@MainActor func main() throws {
    let host = try WindowHost(title: "Hello", size: Size(width: 640, height: 360))
    try host.run(rootViewController: HelloController())
}

if CommandLine.arguments.contains("--open") {
    try MainActor.assumeIsolated { try main() }
}
