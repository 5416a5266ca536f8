import SeedPalette
import Foundation
import SegueImage
import Testing
import SegueTesting

@testable import SeedPorts

/// The example as a program: `swift run SeedPorts DIR` plays every port and writes its pictures.
@Suite("SeedPorts as a program", .tags(.gl))
struct SeedPortsProgramTests {
    @Test func theProgramWritesEveryScenariosPictures() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seed-ports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        // The products sit beside the test bundle.
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("SeedPorts")
        process.arguments = [directory.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        for scenario in ["seed002-modal", "seed002-cube", "seed001-dimming", "apple-listings", "seed004-container", "seed003-gpu-zoom"] {
            #expect(text.contains("\(scenario): "), "\(scenario) missing from: \(text)")
        }
        let dismissed = try PNGCodec.read(path: directory.appendingPathComponent("seed002-modal/dismissed.png").path)
        #expect(dismissed.shows(Palette.items, at: 80, 120), "the presenter is on screen after the dismissal")
    }
}
