import SegueEffects
import SegueGL
import SegueImage
import SegueShaders
import Testing
import SegueTesting
import SegueGLSL

/// Transitions in the gl-transitions format, hosted on headless GL.
@Suite("gl-transitions host (headless GL)", .tags(.gl))
struct GLTransitionEffectTests {
    @Test func theLibraryHasFortyTransitionsOrMore() {
        #expect(GLTransitionLibrary.entries.count >= 40)
        #expect(Set(GLTransitionLibrary.entries.map(\.name)).count == GLTransitionLibrary.entries.count, "names are unique")
    }

    @Test(arguments: GLTransitionLibrary.entries.map(\.name))
    func everyBuiltInPassesValidation(name: String) throws {
        try withDevice { device in
            let entry = try #require(GLTransitionLibrary.entry(named: name))
            let report = GLTransitionValidator.validate(text: entry.source, name: name, device: device, parameters: entry.parameters)
            #expect(report.errors.isEmpty, "\(report.errors)")
            // xfade's zoomin is a single pixel's colour half way, by design; nothing else warns.
            let expected = name == "zoomin" ? ["zoomin: progress 0.5 is a single colour"] : []
            #expect(report.warnings == expected, "\(report.warnings)")
        }
    }

    @Test func compileErrorsNameTheFileAndItsLine() throws {
        try withDevice { device in
            let text = """
                uniform float amount; // = 0.5
                vec4 transition(vec2 uv) {
                    return mix(getFromColor(uv), getToColor(uv), progress * undefinedThing);
                }
                """
            let report = GLTransitionValidator.validate(text: text, name: "broken.glsl", device: device)
            #expect(report.errors.count == 1)
            #expect(report.errors.first?.hasPrefix("broken.glsl:3:") == true, "\(report.errors)")
            #expect(report.errors.first?.contains("undefinedThing") == true)
            #expect(report.warnings == ["broken.glsl: parameter 'amount' is declared but never used"])
        }
    }

    @Test func endsThatShowTheWrongPictureFailValidation() throws {
        try withDevice { device in
            let text = "vec4 transition(vec2 uv) { return getToColor(uv); }\n"
            let report = GLTransitionValidator.validate(text: text, name: "wrong.glsl", device: device)
            #expect(report.errors.contains { $0.contains("progress 0 must show only the first picture") })
            // A solid middle with right ends is a fade through a colour: a warning only.
            let single = "vec4 transition(vec2 uv) { return progress < 0.01 ? getFromColor(uv) : progress > 0.99 ? getToColor(uv) : vec4(1.0); }\n"
            let fade = GLTransitionValidator.validate(text: single, name: "flat.glsl", device: device)
            #expect(fade.isValid, "\(fade.errors)")
            #expect(fade.warnings == ["flat.glsl: progress 0.5 is a single colour"])
            // One colour everywhere: both ends wrong, and the middle too.
            let nothing = GLTransitionValidator.validate(text: "vec4 transition(vec2 uv) { return vec4(1.0); }\n", name: "white.glsl", device: device)
            #expect(nothing.errors.count == 3 && nothing.errors.last == "white.glsl: progress 0.5 is a single colour", "\(nothing.errors)")
        }
    }

    @Test func validationChecksSamplersWithAMapAndWarnsAboutDefaultsOutsideTheirRange() throws {
        try withDevice { device in
            let luma = "uniform sampler2D luma;\nvec4 transition(vec2 uv) {\n  return mix(getToColor(uv), getFromColor(uv), step(progress, texture(luma, uv).r * 0.998 + 0.001));\n}\n"
            let report = GLTransitionValidator.validate(text: luma, name: "luma.glsl", device: device)
            #expect(report.isValid && report.warnings.isEmpty, "\(report.errors) \(report.warnings)")
            let given = GLTransitionValidator.validate(text: luma, name: "luma.glsl", device: device, parameters: [GLTransitionSetting("luma", .texture("spiral-9"))])
            #expect(given.errors.first?.contains("spiral-9") == true, "\(given.errors)")
            let ranged = "// @range(0, 1)\nuniform float amount; // = 2.0\nvec4 transition(vec2 uv) {\n  return mix(getFromColor(uv), getToColor(uv), clamp(progress * amount, 0.0, 1.0));\n}\n"
            let warned = GLTransitionValidator.validate(text: ranged, name: "r.glsl", device: device)
            #expect(warned.isValid && warned.warnings == ["r.glsl: the default of `amount` lies outside its @range"], "\(warned.warnings)")
            // From Swift too: a value outside the range is refused before it reaches the shader.
            let source = try GLTransitionSource.parse(ranged, name: "r")
            let picture = try device.makeTexture(image: SampleImages.from(width: 16, height: 16), filter: .linear)
            defer { picture.release() }
            let effect = try GLTransitionEffect(device: device, source: source, from: picture, to: picture)
            #expect(throws: GLTransitionError.outOfRange(file: "r", parameter: "amount", value: "1.5", min: 0, max: 1)) {
                try effect.setParameter("amount", .floats([1.5]))
            }
            try effect.setParameter("amount", .floats([0.5]))
        }
    }

    @Test func parametersAreSetFromSwiftWithTypes() throws {
        try withDevice { device in
            let text = try #require(ShaderLibrary.glTransitions.first { $0.name == "fadecolor" }?.source)
            let source = try GLTransitionSource.parse(text, name: "fadecolor")
            let (w, h) = (32, 24)
            let from = try device.makeTexture(image: SampleImages.from(width: w, height: h), filter: .linear)
            let to = try device.makeTexture(image: SampleImages.to(width: w, height: h), filter: .linear)
            let target = try device.makeOffscreenTarget(width: w, height: h)
            let effect = try GLTransitionEffect(device: device, source: source, from: from, to: to)
            try effect.setParameter("color", .floats([1, 1, 1]))
            effect.progress = 0.5
            try effect.render(into: target)
            // Half way through white with xfade's timing: two thirds white, so light everywhere.
            let pixel = try target.readImage()[w / 2, h / 2]
            #expect(pixel.x > 167 && pixel.y > 167 && pixel.z > 167, "\(pixel)")
            #expect(throws: GLTransitionError.self) { try effect.setParameter("nope", .floats([1])) }
            #expect(throws: GLTransitionError.self) { try effect.setParameter("color", .floats([1, 1])) }
            target.release(); from.release(); to.release()
        }
    }

    @Test func resizeModesCoverContainStretch() throws {
        try withDevice { device in
            // A 2:1 target showing a square picture: contain leaves bars, cover fills, stretch fills.
            let source = try GLTransitionSource.parse("vec4 transition(vec2 uv) { return getFromColor(uv); }\n", name: "show")
            let square = try device.makeTexture(image: RGBAImage(width: 16, height: 16, fill: SIMD4(255, 0, 0, 255)), filter: .linear)
            let target = try device.makeOffscreenTarget(width: 64, height: 32)
            let effect = try GLTransitionEffect(device: device, source: source, from: square, to: square, resizeMode: .contain)
            try effect.render(into: target)
            #expect(try target.readImage()[2, 16] == SIMD4(0, 0, 0, 0), "contain: transparent bars at the sides")
            #expect(try target.readImage()[32, 16] == SIMD4(255, 0, 0, 255))
            for mode in [GLTransitionEffect.ResizeMode.cover, .stretch] {
                effect.resizeMode = mode
                try effect.render(into: target)
                #expect(try target.readImage()[2, 16] == SIMD4(255, 0, 0, 255), "\(mode) fills")
            }
            target.release(); square.release()
        }
    }
}
