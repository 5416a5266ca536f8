import Foundation
import SegueImage
import SegueTesting
import Testing

/// scripts/ray/segue_ray.py on a Ray cluster of its own on loopback (scripts/ray/local_cluster.py:
/// `ray start --head --block` at a free port, stopped by SIGTERM, which ends the processes it
/// started and no others), as on a real cluster (`--address`, here RAY_ADDRESS): the joined
/// video must be the single-process render's, frame for frame. Both are lossless H.264
/// (`--crf 0`: x264's lossless mode over the same yuv420p frames), so every decoded frame's MD5
/// (ffmpeg -f framemd5) must match; lossy chunks would be encoded differently at their edges
/// from a whole encode, so only a lossless codec makes the comparison exact.
@Suite("segue edit split over Ray on a local cluster, and the Kubernetes manifest", .tags(.gl, .ffmpeg, .ray), .requiresFFmpeg, .requiresRay)
struct RayRenderTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func python() throws -> URL {
        guard let python = RayRequirement.python else {
            throw SetupFailure("no Python with Ray: run scripts/ray/install-ray.sh (make test does)")
        }
        return python
    }

    /// Three pictures, a fade and a wipe, music: 2.5 s = 75 frames at 160x90. The music is bursts
    /// of noise, 50 ms every 0.3 s: unlike a tone, it matches itself at one lag only.
    static func workspace() throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 160, height: 90), to: dir.appendingPathComponent("from.png").path)
        try PNGCodec.write(try SampleImages.to(width: 160, height: 90), to: dir.appendingPathComponent("to.png").path)
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi",
                                           "-i", "aevalsrc=exprs=0.5*(2*random(0)-1)*lt(mod(t\\,0.3)\\,0.05):d=3:s=48000",
                                           dir.appendingPathComponent("song.wav").path])
        let spec = #"""
            {"size": "160x90", "fps": 30,
             "items": [{"picture": "from.png", "duration": 1.2}, {"picture": "to.png", "duration": 1.3}, {"picture": "from.png", "duration": 1}],
             "transitions": [{"effect": "fade", "duration": 0.5}, {"effect": "wipeleft", "duration": 0.5}],
             "audio": {"music": "song.wav", "fadeOut": 0.5}}
            """#
        try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        return dir
    }

    static func frameHashes(_ path: URL) throws -> [String] {
        let text = String(decoding: try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path.path, "-map", "0:v",
                                                                  "-f", "framemd5", "-"]), as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "") }
    }

    static func streams(_ path: URL) throws -> [String] {
        String(decoding: try VideoReader.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", path.path]),
               as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    @Test func theRayRenderIsTheWholeRenderAndAFailedChunkLeavesNothing() throws {
        let python = try Self.python()
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scripts = Self.repository.appendingPathComponent("scripts/ray")
        let segue = CommandRunner.productsDirectory.appendingPathComponent("segue").path
        func onLocalCluster(_ driverArguments: [String]) throws -> BuiltProgram.Output {
            try ExternalProgram.run(python, [scripts.appendingPathComponent("local_cluster.py").path, "--num-cpus", "2", "--",
                                             python.path, scripts.appendingPathComponent("segue_ray.py").path, "edit.json"]
                                            + driverArguments, in: dir)
        }

        let ray = try onLocalCluster(["--out", "ray.mp4", "--segue", segue, "--chunks", "3", "--crf", "0"])
        #expect(ray.status == 0, "\(ray.stderr)")
        #expect(ray.stderr.contains("local_cluster: Ray head at 127.0.0.1:"), "\(ray.stderr)")
        #expect(ray.stderr.contains("in 3 chunks") && ray.stderr.contains("[3/3]") && ray.stderr.contains("joined 3 chunks"), "\(ray.stderr)")
        let whole = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "whole.mp4", "--crf", "0", "--quiet"], in: dir)
        #expect(whole.status == 0, "\(whole.stderr)")

        let joined = dir.appendingPathComponent("ray.mp4")
        let info = try VideoReader.info(joined.path)
        #expect(info.frames == 75 && abs(info.durationSeconds - 2.5) < 0.1 && info.codec == "h264", "\(info)")
        #expect(try Self.streams(joined) == ["aac", "h264"])
        let hashes = try Self.frameHashes(joined)
        #expect(hashes.count == 75)
        #expect(hashes == (try Self.frameHashes(dir.appendingPathComponent("whole.mp4"))))
        try Self.expectSoundInStep(joined: joined, whole: dir.appendingPathComponent("whole.mp4"))
        // The chunks' folder is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".segue-ray-") }.isEmpty)

        // A segue that fails on the middle chunk: the run fails with that chunk's stderr and
        // leaves no output and no chunks.
        let failing = dir.appendingPathComponent("failing-segue")
        try ExecutableScript.write("#!/bin/sh\ncase \"$*\" in *\"--frames 25..50\"*) echo 'chunk exploded here' >&2; exit 3;; esac\nexec '\(segue)' \"$@\"\n",
                                   to: failing)
        let failed = try onLocalCluster(["--out", "failed.mp4", "--segue", failing.path, "--chunks", "3"])
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("chunk 1 (frames 25..50) failed with exit 3") && failed.stderr.contains("chunk exploded here"),
                "\(failed.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(!left.contains("failed.mp4") && left.filter { $0.hasPrefix(".") }.isEmpty, "\(left)")
    }

    /// The joined sound lies where the whole render's does after each chunk boundary (frames 25
    /// and 50: 0.83 s and 1.67 s): cross-correlation lag 0 ± 1 sample over a window after each,
    /// a burst's onset within 1 ms (48 samples: each encode's AAC frames fall elsewhere, so the
    /// first loud sample may move by a few), and the same length within one AAC frame.
    static func expectSoundInStep(joined: URL, whole: URL) throws {
        let joinedSound = try JoinedSoundReference.samples(joined), wholeSound = try JoinedSoundReference.samples(whole)
        #expect(abs(joinedSound.count - wholeSound.count) <= 1024, "\(joinedSound.count) samples against \(wholeSound.count)")
        for window in [0.1...0.7, 0.9...1.5, 1.75...2.3] {
            let lag = JoinedSoundReference.lag(of: joinedSound, against: wholeSound, seconds: window)
            #expect(lag.map { abs($0) <= 1 } == true, "lag \(String(describing: lag)) samples over \(window) s")
        }
        for after in [0.85, 1.7] {
            let (a, b) = (JoinedSoundReference.onset(in: joinedSound, after: after), JoinedSoundReference.onset(in: wholeSound, after: after))
            #expect(a != nil && b != nil && abs(a! - b!) <= 48, "a burst after \(after) s begins at \(String(describing: a)) against \(String(describing: b))")
        }
    }

    /// docs/k8s/segue-edit-job.yaml, its parameters substituted as envsubst does (CHUNKS=7), parses
    /// (PyYAML, which Ray brings) as the split it describes: the volume, a pod that holds it for
    /// `kubectl cp`, an Indexed Job whose pods render `--chunk $JOB_COMPLETION_INDEX/7` with 7
    /// completions, then a join. Kubernetes itself cannot run here; this checks the manifest's
    /// shape, not a cluster's run of it.
    @Test func theKubernetesManifestIsAnIndexedJobOfChunks() throws {
        let script = """
            import json, sys, yaml
            text = open(sys.argv[1]).read().replace("${CHUNKS}", "7").replace("${SEGUE_IMAGE}", "registry.example/segue:1")
            assert "${" not in text, "a parameter is left"
            print(json.dumps(list(yaml.safe_load_all(text))))
            """
        let result = try ExternalProgram.run(try Self.python(), ["-c", script,
                                                                 Self.repository.appendingPathComponent("docs/k8s/segue-edit-job.yaml").path])
        #expect(result.status == 0, "\(result.stderr)")
        let documents = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(documents.map { $0["kind"] as? String } == ["PersistentVolumeClaim", "Pod", "Job", "Job"])
        let volume = try #require(documents[0]["spec"] as? [String: Any])
        #expect(volume["accessModes"] as? [String] == ["ReadWriteMany"])
        let holder = try #require((documents[1]["spec"] as? [String: Any])?["volumes"] as? [[String: Any]])
        #expect((holder.first?["persistentVolumeClaim"] as? [String: Any])?["claimName"] as? String == "segue-work")
        let chunks = try #require(documents[2]["spec"] as? [String: Any])
        #expect(chunks["completionMode"] as? String == "Indexed")
        #expect(chunks["completions"] as? Int == 7 && chunks["parallelism"] as? Int == 7)
        let pod = try #require((chunks["template"] as? [String: Any])?["spec"] as? [String: Any])
        let container = try #require((pod["containers"] as? [[String: Any]])?.first)
        #expect(container["image"] as? String == "registry.example/segue:1")
        let command = ((container["args"] as? [String]) ?? []).joined(separator: " ")
        #expect(command.contains("segue edit spec.json --chunk \"$JOB_COMPLETION_INDEX/7\""), "\(command)")
        let join = try #require((((documents[3]["spec"] as? [String: Any])?["template"] as? [String: Any])?["spec"] as? [String: Any])?["containers"] as? [[String: Any]])
        let joinCommand = ((join.first?["args"] as? [String]) ?? []).joined(separator: " ")
        #expect(joinCommand.contains("segue join chunks/chunk_*.mp4 --out edit.mp4"), "\(joinCommand)")
    }
}

/// A test's own setup could not be made (a tool missing, a cluster that did not start).
struct SetupFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
