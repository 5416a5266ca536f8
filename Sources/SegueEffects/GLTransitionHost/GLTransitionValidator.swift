import SegueGL
import SegueImage
import SegueGLSL

/// What `segue validate` checks for a transition in the gl-transitions format: it parses and
/// compiles; progress 0 shows only the first picture and progress 1 only the second (within a
/// small tolerance); declared parameters are used. A single-colour middle is a warning (fades
/// through black are), an error only when both ends are wrong as well. A sampler2D parameter
/// given no texture is checked with a built-in luma map.
public enum GLTransitionValidator {
    public struct Report: Sendable {
        public let file: String
        /// Problems that make the transition unusable ("file:line: …" where a line is known).
        public var errors: [String] = []
        public var warnings: [String] = []
        public var isValid: Bool { errors.isEmpty }
    }

    /// Linear filtering of same-size pictures is exact at texel centres; 2 allows fixed-point
    /// rounding in drivers whose filtering is not.
    public static let endTolerance = 2

    /// `parameters` are settings applied first (a library preset's).
    public static func validate(
        text: String, name: String, device: GLDevice, parameters: [GLTransitionSetting] = [],
        size: (width: Int, height: Int) = (64, 48)
    ) -> Report {
        var report = Report(file: name)
        let source: GLTransitionSource
        do {
            source = try GLTransitionSource.parse(text, name: name)
        } catch {
            report.errors.append(error.description)
            return report
        }
        for unused in source.unusedParameters {
            report.warnings.append("\(name): parameter '\(unused)' is declared but never used")
        }
        do {
            let pictures = try Pictures(device: device, size: size)
            defer { pictures.release() }
            guard let effect = compile(source, text: text, device: device, pictures: pictures, into: &report) else { return report }
            defer { effect.release() }
            guard try apply(parameters, to: effect, source: source, size: size, into: &report) else { return report }
            checkRanges(source, into: &report)
            try checkEnds(of: effect, pictures: pictures, into: &report)
        } catch {
            report.errors.append("\(name): \(error)")
        }
        return report
    }

    /// The two sample pictures as textures and the target the checks render into.
    private struct Pictures {
        let fromImage: RGBAImage, toImage: RGBAImage
        let from: Texture, to: Texture
        let target: OffscreenTarget

        init(device: GLDevice, size: (width: Int, height: Int)) throws {
            fromImage = try SampleImages.from(width: size.width, height: size.height)
            toImage = try SampleImages.to(width: size.width, height: size.height)
            from = try device.makeTexture(image: fromImage, filter: .linear)
            do {
                to = try device.makeTexture(image: toImage, filter: .linear)
            } catch { from.release(); throw error }
            do {
                target = try device.makeOffscreenTarget(width: size.width, height: size.height)
            } catch { from.release(); to.release(); throw error }
        }

        func release() { target.release(); to.release(); from.release() }
    }

    /// The compiled effect, or nil with the compile or link failure in the report.
    private static func compile(
        _ source: GLTransitionSource, text: String, device: GLDevice, pictures: Pictures, into report: inout Report
    ) -> GLTransitionEffect? {
        let name = report.file
        switch makeEffect(device: device, source: source, from: pictures.from, to: pictures.to) {
        case .success(let made):
            return made
        case .failure(.shaderCompilation(let failure)):
            report.errors.append(compileMessage(failure, file: name, text: text))
        case .failure(.programLink(let failure)):
            report.errors.append("\(name): the transition does not link: " + (failure.log.split(separator: "\n").first.map(String.init) ?? ""))
        case .failure(let other):
            report.errors.append("\(name): \(other)")
        }
        return nil
    }

    /// Applies the settings; a sampler2D given nothing gets a built-in luma map. False when a
    /// setting was refused (its error is in the report).
    private static func apply(
        _ settings: [GLTransitionSetting], to effect: GLTransitionEffect, source: GLTransitionSource,
        size: (width: Int, height: Int), into report: inout Report
    ) throws -> Bool {
        var textured: Set<String> = []
        for setting in settings {
            do {
                if case .texture(let text) = setting.value {
                    let texture = try GLTransitionTexture.resolve(text, parameter: setting.name, file: report.file)
                    try effect.setTexture(setting.name, image: texture.image(width: size.width, height: size.height))
                    textured.insert(setting.name)
                } else {
                    try effect.setParameter(setting.name, setting.value)
                }
            } catch let error as GLTransitionError {
                report.errors.append(error.description)
                return false
            }
        }
        for sampler in source.parameters where sampler.type == .sampler2D && !textured.contains(sampler.name) {
            let image = try GLTransitionTexture.validationDefault.image(width: size.width, height: size.height)
            try effect.setTexture(sampler.name, image: image)
        }
        return true
    }

    /// Defaults outside their declared @range are a warning.
    private static func checkRanges(_ source: GLTransitionSource, into report: inout Report) {
        for parameter in source.parameters where parameter.range != nil {
            do {
                try GLTransitionRange.check(parameter.defaultValue, of: parameter, file: report.file)
            } catch {
                report.warnings.append("\(report.file): the default of `\(parameter.name)` lies outside its @range")
            }
        }
    }

    /// Progress 0 must show the first picture, 1 the second; a single-colour middle is a
    /// warning (fades through a colour are), an error only when both ends are wrong too.
    private static func checkEnds(of effect: GLTransitionEffect, pictures: Pictures, into report: inout Report) throws {
        let name = report.file
        effect.progress = 0
        try effect.render(into: pictures.target)
        let start = RGBAImage.maxDifference(try pictures.target.readImage(), pictures.fromImage)
        if start > endTolerance { report.errors.append("\(name): progress 0 must show only the first picture (max difference \(start))") }
        effect.progress = 1
        try effect.render(into: pictures.target)
        let end = RGBAImage.maxDifference(try pictures.target.readImage(), pictures.toImage)
        if end > endTolerance { report.errors.append("\(name): progress 1 must show only the second picture (max difference \(end))") }
        effect.progress = 0.5
        try effect.render(into: pictures.target)
        let middle = try pictures.target.readImage()
        let first = Array(middle.pixels[0..<4])
        if stride(from: 0, to: middle.pixels.count, by: 4).allSatisfy({ Array(middle.pixels[$0..<$0 + 4]) == first }) {
            let message = "\(name): progress 0.5 is a single colour"
            if start > endTolerance && end > endTolerance { report.errors.append(message) } else { report.warnings.append(message) }
        }
    }

    private static func makeEffect(
        device: GLDevice, source: GLTransitionSource, from: Texture, to: Texture
    ) -> Result<GLTransitionEffect, GLError> {
        do throws(GLError) {
            return .success(try GLTransitionEffect(device: device, source: source, from: from, to: to))
        } catch {
            return .failure(error)
        }
    }

    /// "file:line: message" with the offending line of the file (the driver counts the
    /// file's own lines, see `GLTransitionEffect`).
    static func compileMessage(_ failure: ShaderFailure, file: String, text: String) -> String {
        let lines = GLSLLines.split(text)
        let first = failure.lines.first ?? 0
        let message = failure.log.split(separator: "\n").first.map(String.init) ?? "does not compile"
        var out = "\(file):\(first): \(message)"
        if first >= 1, first <= lines.count { out += "\n    \(first) | \(lines[first - 1])" }
        return out
    }
}
