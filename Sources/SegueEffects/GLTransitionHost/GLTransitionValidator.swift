import SegueGL
import SegueImage

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
            let fromImage = try SampleImages.from(width: size.width, height: size.height)
            let toImage = try SampleImages.to(width: size.width, height: size.height)
            let from = try device.makeTexture(image: fromImage, filter: .linear)
            defer { from.release() }
            let to = try device.makeTexture(image: toImage, filter: .linear)
            defer { to.release() }
            let target = try device.makeOffscreenTarget(width: size.width, height: size.height)
            defer { target.release() }
            let effect: GLTransitionEffect
            switch makeEffect(device: device, source: source, from: from, to: to) {
            case .success(let made):
                effect = made
            case .failure(.shaderCompilation(let failure)):
                report.errors.append(compileMessage(failure, file: name, text: text))
                return report
            case .failure(.programLink(let failure)):
                report.errors.append("\(name): the transition does not link: " + (failure.log.split(separator: "\n").first.map(String.init) ?? ""))
                return report
            case .failure(let other):
                report.errors.append("\(name): \(other)")
                return report
            }
            defer { effect.release() }
            var textured: Set<String> = []
            for setting in parameters {
                do {
                    if case .texture(let text) = setting.value {
                        let texture = try GLTransitionTexture.resolve(text, parameter: setting.name, file: name)
                        try effect.setTexture(setting.name, image: texture.image(width: size.width, height: size.height))
                        textured.insert(setting.name)
                    } else {
                        try effect.setParameter(setting.name, setting.value)
                    }
                } catch let error as GLTransitionError {
                    report.errors.append(error.description)
                    return report
                }
            }
            // A sampler2D given nothing is checked with a built-in luma map.
            for sampler in source.parameters where sampler.type == .sampler2D && !textured.contains(sampler.name) {
                let image = try GLTransitionTexture.validationDefault.image(width: size.width, height: size.height)
                try effect.setTexture(sampler.name, image: image)
            }
            for parameter in source.parameters where parameter.range != nil {
                do {
                    try GLTransitionRange.check(parameter.defaultValue, of: parameter, file: name)
                } catch {
                    report.warnings.append("\(name): the default of `\(parameter.name)` lies outside its @range")
                }
            }
            effect.progress = 0
            try effect.render(into: target)
            let start = RGBAImage.maxDifference(try target.readImage(), fromImage)
            if start > endTolerance { report.errors.append("\(name): progress 0 must show only the first picture (max difference \(start))") }
            effect.progress = 1
            try effect.render(into: target)
            let end = RGBAImage.maxDifference(try target.readImage(), toImage)
            if end > endTolerance { report.errors.append("\(name): progress 1 must show only the second picture (max difference \(end))") }
            effect.progress = 0.5
            try effect.render(into: target)
            let middle = try target.readImage()
            let first = Array(middle.pixels[0..<4])
            if stride(from: 0, to: middle.pixels.count, by: 4).allSatisfy({ Array(middle.pixels[$0..<$0 + 4]) == first }) {
                // Fading through a colour is a solid middle by design; with wrong ends too, the
                // transition shows nothing of either picture.
                let message = "\(name): progress 0.5 is a single colour"
                if start > endTolerance && end > endTolerance { report.errors.append(message) } else { report.warnings.append(message) }
            }
        } catch {
            report.errors.append("\(name): \(error)")
        }
        return report
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
