import Foundation
import SegueImage
import SegueTesting
import SnapshotTesting

extension Diffing where Value == RGBAImage {
    /// PNG files compared with Segue's tolerances (`ImageTolerance`); on a mismatch the message
    /// gives the numbers and the difference picture is attached (`ImageDifference`).
    public static func segueImage(tolerance: ImageTolerance = .crossDriver) -> Diffing<RGBAImage> {
        .diff(
            toData: { image in
                // A picture Segue made always encodes; an empty file makes the comparison fail clearly.
                (try? PNGCodec.encode(image)).map { Data($0) } ?? Data()
            },
            fromData: { data in
                // A reference that does not decode becomes a 1x1 picture: the sizes differ and the
                // comparison fails with a message instead of a crash.
                (try? PNGCodec.decode([UInt8](data), name: "reference")) ?? Self.unreadableReference
            },
            diffV2: { reference, actual in
                guard let mismatch = tolerance.mismatch(actual: actual, expected: reference) else { return nil }
                guard let difference = try? ImageDifference.picture(actual: actual, expected: reference),
                      let png = try? PNGCodec.encode(difference)
                else { return (mismatch, []) }
                return (mismatch, [.data(Data(png), name: "difference.png")])
            })
    }

    /// One magenta pixel. `try!` on a constant of a valid size (1x1, four bytes): it cannot throw.
    static let unreadableReference = try! RGBAImage(width: 1, height: 1, pixels: [255, 0, 255, 255])
}

extension Snapshotting where Value == RGBAImage, Format == RGBAImage {
    /// `assertSnapshot(of: picture, as: .segueImage)`: the picture as a PNG reference in
    /// `__Snapshots__`, compared with `ImageTolerance.crossDriver`.
    public static var segueImage: Snapshotting<RGBAImage, RGBAImage> { segueImage() }

    public static func segueImage(tolerance: ImageTolerance = .crossDriver) -> Snapshotting<RGBAImage, RGBAImage> {
        Snapshotting(pathExtension: "png", diffing: .segueImage(tolerance: tolerance), snapshot: { $0 })
    }
}
