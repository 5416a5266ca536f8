import CSegue
import Foundation
import SegueEffects

// The C API of segue.h: thin glue over `Engine` and `LoadedTransition` (which use the library's
// public catalog: `NamedTransition`, `GLTransitionLibrary`, `TransitionListing`).

/// The built-ins with their parameter lines, as C strings kept while the library is loaded.
nonisolated(unsafe) private let builtIns: [(name: UnsafeMutablePointer<CChar>?, parameters: UnsafeMutablePointer<CChar>?)] =
    NamedTransition.builtInNames.map { name in
        var lines: [String] = []
        if let entry = GLTransitionLibrary.entry(named: name), let source = try? GLTransitionSource.parse(entry.source, name: name) {
            lines = TransitionListing.builtInParameterLines(entry, source: source) { _ in "" }
        }
        return (strdup(name), strdup(lines.joined(separator: "\n")))
    }

@_cdecl("segue_transition_count")
public func segueTransitionCount() -> Int { builtIns.count }

@_cdecl("segue_transition_name")
public func segueTransitionName(_ index: Int) -> UnsafePointer<CChar>? {
    builtIns.indices.contains(index) ? UnsafePointer(builtIns[index].name) : nil
}

/// The built-ins' names as one array with a NULL after the last (`segue_transition_names`); made
/// apart from `builtIns`, so that a host listing names (a frei0r host's scan) parses no shader.
nonisolated(unsafe) private let builtInNameArray: (names: UnsafeMutablePointer<UnsafePointer<CChar>?>, count: Int) = {
    let names = NamedTransition.builtInNames
    let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: names.count + 1)
    for (index, name) in names.enumerated() { (array + index).initialize(to: UnsafePointer(strdup(name))) }
    (array + names.count).initialize(to: nil)
    return (array, names.count)
}()

@_cdecl("segue_transition_names")
public func segueTransitionNames(_ count: UnsafeMutablePointer<Int>?) -> UnsafePointer<UnsafePointer<CChar>?> {
    count?.pointee = builtInNameArray.count
    return UnsafePointer(builtInNameArray.names)
}

@_cdecl("segue_transition_parameters")
public func segueTransitionParameters(_ index: Int) -> UnsafePointer<CChar>? {
    builtIns.indices.contains(index) ? UnsafePointer(builtIns[index].parameters) : nil
}

private func engine(_ pointer: OpaquePointer?) throws(CAPIError) -> Engine { try liveEngines.object(pointer) }

private func transition(_ pointer: OpaquePointer?) throws(CAPIError) -> LoadedTransition { try liveTransitions.object(pointer) }

@_cdecl("segue_engine_create")
public func segueEngineCreate(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    reportingStatus { () throws(CAPIError) in
        guard let out else { throw .argument("segue_engine_create needs a place for the engine") }
        out.pointee = liveEngines.add(try Engine())
    }
}

@_cdecl("segue_engine_renderer")
public func segueEngineRenderer(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    (try? engine(pointer)).flatMap { UnsafePointer($0.rendererName) }
}

/// A handle not live (NULL, destroyed already) is left alone: destroying twice is harmless.
@_cdecl("segue_engine_destroy")
public func segueEngineDestroy(_ pointer: OpaquePointer?) {
    liveEngines.remove(pointer)?.destroy()
}

@_cdecl("segue_transition_load")
public func segueTransitionLoad(
    _ enginePointer: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ width: Int32, _ height: Int32,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> segue_status {
    reportingStatus { () throws(CAPIError) in
        guard let name, let out else { throw .argument("segue_transition_load needs a name and a place for the transition") }
        let loaded = try LoadedTransition(engine: try engine(enginePointer), name: String(cString: name), width: Int(width), height: Int(height))
        out.pointee = liveTransitions.add(loaded)
    }
}

@_cdecl("segue_transition_set")
public func segueTransitionSet(_ pointer: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?) -> segue_status {
    reportingStatus { () throws(CAPIError) in
        guard let name, let value else { throw .argument("segue_transition_set needs a name and a value") }
        try transition(pointer).set([String(cString: name) + "=" + String(cString: value)])
    }
}

@_cdecl("segue_transition_set_all")
public func segueTransitionSetAll(_ pointer: OpaquePointer?, _ settings: UnsafePointer<CChar>?) -> segue_status {
    reportingStatus { () throws(CAPIError) in
        guard let settings else { throw .argument("segue_transition_set_all needs a text (\"\" for none)") }
        let texts = String(cString: settings).split(whereSeparator: \.isWhitespace).map(String.init)
        guard !texts.isEmpty else { return }
        try transition(pointer).set(texts)
    }
}

@_cdecl("segue_transition_describe")
public func segueTransitionDescribe(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    var text: UnsafePointer<CChar>?
    let status = reportingStatus { () throws(CAPIError) in text = try transition(pointer).describe() }
    return status == SEGUE_OK ? text : nil
}

@_cdecl("segue_transition_render")
public func segueTransitionRender(
    _ pointer: OpaquePointer?, _ from: UnsafePointer<UInt8>?, _ to: UnsafePointer<UInt8>?, _ progress: Double,
    _ out: UnsafeMutablePointer<UInt8>?
) -> segue_status {
    reportingStatus { () throws(CAPIError) in
        guard let from, let to, let out else { throw .argument("segue_transition_render needs two pictures and an output buffer") }
        try transition(pointer).render(from: from, to: to, at: [progress], into: out)
    }
}

@_cdecl("segue_transition_render_batch")
public func segueTransitionRenderBatch(
    _ pointer: OpaquePointer?, _ from: UnsafePointer<UInt8>?, _ to: UnsafePointer<UInt8>?, _ progress: UnsafePointer<Double>?,
    _ count: Int, _ out: UnsafeMutablePointer<UInt8>?
) -> segue_status {
    reportingStatus { () throws(CAPIError) in
        guard let from, let to, let progress, let out else {
            throw .argument("segue_transition_render_batch needs two pictures, progress points and an output buffer")
        }
        guard (1...100_000).contains(count) else { throw .argument("frames must be 1...100000, not \(count)") }
        try transition(pointer).render(from: from, to: to, at: Array(UnsafeBufferPointer(start: progress, count: count)), into: out)
    }
}

@_cdecl("segue_transition_set_texture")
public func segueTransitionSetTexture(
    _ pointer: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ rgba: UnsafePointer<UInt8>?, _ width: Int32, _ height: Int32
) -> segue_status {
    reportingStatus { () throws(CAPIError) in
        guard let name, let rgba else { throw .argument("segue_transition_set_texture needs a parameter's name and a picture") }
        try transition(pointer).setTexture(String(cString: name), rgba: rgba, width: Int(width), height: Int(height))
    }
}

@_cdecl("segue_transition_render_planes")
public func segueTransitionRenderPlanes(
    _ pointer: OpaquePointer?, _ format: segue_pixel_format, _ matrix: segue_color_matrix, _ fullRange: Int32,
    _ from: UnsafePointer<segue_planes>?, _ to: UnsafePointer<segue_planes>?, _ progress: Double, _ out: UnsafePointer<segue_planes>?
) -> segue_status {
    reportingStatus { () throws(CAPIError) in
        guard let from, let to, let out else { throw .argument("segue_transition_render_planes needs two pictures and an output") }
        try transition(pointer).renderPlanes(
            format: try PlanarFormat(format), color: try PlanarColor(matrix, fullRange: fullRange), from: from.pointee, to: to.pointee,
            at: progress, into: out.pointee)
    }
}

/// As `segue_engine_destroy`: a handle not live is left alone.
@_cdecl("segue_transition_destroy")
public func segueTransitionDestroy(_ pointer: OpaquePointer?) {
    liveTransitions.remove(pointer)?.destroy()
}
