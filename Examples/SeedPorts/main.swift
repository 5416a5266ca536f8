// The seeds' samples, ported line for line to Segue's API, played headlessly. Writes each
// scenario's checkpoints as PNG files and prints its notes; the tests run the same scenarios
// and assert on their pictures and view trees.
//
//     swift run SeedPorts [output-directory]
import Foundation
import SegueImage

let directory = CommandLine.arguments.dropFirst().first ?? "out/seed-ports"

@MainActor
func runAll() throws -> [ScenarioRecord] {
    [
        try Seed002.modal(), try Seed002.modal(snapshotDismissal: false), try Seed002.cubeNavigation(),
        try PresentationPorts.dimming(), try PresentationPorts.appleListings(), try Seed004.container(), try Seed003.gpuAndZoom(),
        try PhotoZoom.interruptible(),
    ]
}

do {
    for record in try runAll() {
        let folder = "\(directory)/\(record.name)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for checkpoint in record.checkpoints {
            try PNGCodec.write(checkpoint.picture, to: "\(folder)/\(checkpoint.label).png")
        }
        print("\(record.name): \(record.checkpoints.count) pictures in \(folder)")
        if let last = record.checkpoints.last { print(last.hierarchy.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")) }
        for note in record.notes where !note.hasPrefix("edge ") { print("  note: \(note)") }
    }
} catch {
    print("error: \(error)")
    exit(1)
}
