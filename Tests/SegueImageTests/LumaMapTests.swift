import SegueImage
import Testing
import SegueTesting

/// The generated luma maps: their shapes, checked at points where each one's level is known.
@Suite("luma maps (generated)", .tags(.pure))
struct LumaMapTests {
    static func grey(_ map: LumaMap, _ x: Int, _ y: Int, width: Int = 200, height: Int = 100) throws -> Int {
        Int(try map.image(width: width, height: height)[x, y].x)
    }

    @Test(arguments: LumaMap.allCases)
    func everyMapIsGreyOpaqueAndSpansTheLevels(map: LumaMap) throws {
        let image = try map.image(width: 120, height: 80)
        var levels: [Int] = []
        for y in 0..<80 { for x in 0..<120 {
            let p = image[x, y]
            #expect(p.x == p.y && p.y == p.z && p.w == 255)
            levels.append(Int(p.x))
        } }
        // A spiral's last ring is cut off by the frame's edge, so its top levels may be missing.
        #expect(levels.min()! <= 16 && levels.max()! >= 224, "\(map): \(levels.min()!)...\(levels.max()!)")
    }

    @Test func shapesFollowTheirNames() throws {
        // Clock wipe: just right of twelve o'clock starts, just left of it ends.
        #expect(try Self.grey(.conicalAsym, 105, 2) < 10 && Self.grey(.conicalAsym, 95, 2) > 245)
        #expect(try Self.grey(.conicalAsym, 199, 50) == 64, "three o'clock is a quarter turn")
        // Symmetric: three and nine o'clock alike, six o'clock last.
        #expect(try Self.grey(.conicalSym, 199, 50) == Self.grey(.conicalSym, 0, 50))
        #expect(try Self.grey(.conicalSym, 100, 99) > 250)
        // Barn door from the centre line; rectangle from the centre.
        #expect(try Self.grey(.bilinearLateral, 100, 10) < 3 && Self.grey(.bilinearLateral, 0, 90) > 250)
        #expect(try Self.grey(.square, 100, 50) <= 3 && Self.grey(.square, 0, 0) > 250 && Self.grey(.square, 150, 50) == 129, "u = 150.5 / 200: |2u − 1| = 0.505")
        // Four ramps: the level restarts every quarter of the width.
        #expect(try Self.grey(.linearSawtoothLateral4, 49, 0) > 245 && Self.grey(.linearSawtoothLateral4, 50, 0) < 10)
        // Fan blades: levels repeat every quarter turn.
        #expect(try Self.grey(.radialTriLateral4, 150, 50) == Self.grey(.radialTriLateral4, 49, 50))
        // Spirals: more turns, more rings crossed from the centre out along a radius (the level
        // steps up by about 1 / (turns + 1) at each).
        for (map, turns) in [(LumaMap.spiral1, 1), (.spiral2, 2), (.spiral3, 3)] {
            let row = try map.image(width: 200, height: 100)
            var jumps = 0
            for x in 101..<200 where Int(row[x, 50].x) > Int(row[x - 1, 50].x) + 40 { jumps += 1 }
            #expect(jumps == turns, "\(map): \(jumps) rings along the radius")
        }
    }
}
