import SegueTiming
import SegueGL
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueStage
import SegueTesting
import Testing

/// The built-in modal transition styles as pictures (headless GL): cross dissolve mixes the
/// two screens; flip horizontal turns the presenter away in perspective, then the presented
/// screen in.
@MainActor
@Suite("Modal transition styles (headless GL)", .tags(.gl))
struct ModalStylePictureTests {
    static let home = Color(red: 0.2, green: 0.4, blue: 0.8)
    static let modal = Color(red: 0.9, green: 0.6, blue: 0.1)

    static func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> SIMD3<Int> {
        let p = image[x, y]
        return SIMD3(Int(p.x), Int(p.y), Int(p.z))
    }

    static func close(_ a: SIMD3<Int>, _ b: SIMD3<Double>, _ tolerance: Double = 2) -> Bool {
        abs(Double(a.x) - b.x * 255) <= tolerance && abs(Double(a.y) - b.y * 255) <= tolerance && abs(Double(a.z) - b.z * 255) <= tolerance
    }

    static func colour(_ c: Color) -> SIMD3<Double> { SIMD3(c.red, c.green, c.blue) }

    /// Presents a modal with `style` in a 120×80 window and returns the pictures at `times`.
    static func pictures(_ style: ModalTransitionStyle, at times: [Double]) throws -> [RGBAImage] {
        let rig = try HeadlessStage(width: 120, height: 80)
        defer { rig.release() }
        let window = Window(size: Size(width: 120, height: 80))
        let presenter = ViewController(name: "home")
        presenter.view.backgroundColor = home
        window.rootViewController = presenter
        let presented = ViewController(name: "modal")
        presented.view.backgroundColor = modal
        presented.modalTransitionStyle = style
        presenter.present(presented, animated: true)
        return try times.map { time in
            try window.renderFrame(at: time, compositor: rig.compositor, into: rig.target)
            return try rig.target.readImage()
        }
    }

    @Test func crossDissolveMixesTheScreens() throws {
        let frames = try Self.pictures(.crossDissolve, at: [0, 0.15, 0.31])
        #expect(Self.close(Self.rgb(frames[0], 60, 40), Self.colour(Self.home)))
        // Ease-in-out at half the 0.3 s: alpha ½.
        #expect(Self.close(Self.rgb(frames[1], 60, 40), (Self.colour(Self.home) + Self.colour(Self.modal)) / 2))
        #expect(Self.close(Self.rgb(frames[2], 5, 5), Self.colour(Self.modal)))
    }

    @Test func flipHorizontalTurnsThePresenterAwayThenThePresentedIn() throws {
        let frames = try Self.pictures(.flipHorizontal, at: [0, 0.2, 0.45, 0.61])
        #expect(Self.close(Self.rgb(frames[0], 0, 0), Self.colour(Self.home)))
        // First half: only the presenter shows, narrowed by the turn (its corners are gone)
        // and in perspective (the edge turning away is shorter than the one turning near).
        let turning = frames[1]
        #expect(Self.close(Self.rgb(turning, 60, 40), Self.colour(Self.home)))
        #expect(Self.close(Self.rgb(turning, 1, 40), .zero) && Self.close(Self.rgb(turning, 118, 40), .zero))
        let column = { (x: Int) in (0..<80).filter { Self.close(Self.rgb(turning, x, $0), Self.colour(Self.home)) }.count }
        let left = (0..<60).first { column($0) > 0 } ?? 0, right = (60..<120).last { column($0) > 0 } ?? 119
        #expect(column(left) != column(right), "perspective: the two edges differ in height")
        // Second half: the presented screen turns in; the presenter is gone.
        let arriving = frames[2]
        #expect(Self.close(Self.rgb(arriving, 60, 40), Self.colour(Self.modal)))
        #expect(!(0..<120).contains { Self.close(Self.rgb(arriving, $0, 40), Self.colour(Self.home)) })
        #expect(Self.close(Self.rgb(frames[3], 0, 0), Self.colour(Self.modal)) && Self.close(Self.rgb(frames[3], 119, 79), Self.colour(Self.modal)))
    }
}
