@testable import SegueEffects
import SegueGL
import SegueImage
import Testing
import SegueTesting

/// The picture a gl-transition's luma map is uploaded from, and the typed error for a size no
/// picture can have (the map is named; it is not reported as a failed GL call).
@Suite("gl-transitions host: luma map pictures", .tags(.pure))
struct LumaMapTextureTests {
    @Test func theMapIsUploadedBottomRowFirst() throws {
        let map = try LumaMap.conicalAsym.image(width: 40, height: 20)
        let uploaded = try GLTransitionEffect.lumaMapImage(.conicalAsym, width: 40, height: 20)
        for x in 0..<40 {
            #expect(uploaded[x, 0] == map[x, 19])
            #expect(uploaded[x, 19] == map[x, 0])
        }
    }

    @Test func aSizeNoPictureCanHaveNamesTheMap() {
        let side = RGBAImage.maxDimension + 1
        #expect {
            _ = try GLTransitionEffect.lumaMapImage(.spiral2, width: side, height: 8)
        } throws: { error in
            guard case let GLError.invalidSize(width, height, reason) = error else { return false }
            return width == side && height == 8 && reason.contains("luma map 'spiral-2'")
                && reason.contains("at most \(RGBAImage.maxDimension) pixels")
        }
    }
}
