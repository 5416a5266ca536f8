import SegueGL
import SegueHeadless
import Testing
import SegueTesting

/// Headless-GL tier: every test makes its own EGL context on its own thread and releases it.
@Suite("GL device (headless EGL)", .tags(.gl))
struct GLDeviceTests {
    @Test func headlessContextReportsADriver() throws {
        try withDevice { device in
            #expect(!device.renderer.isEmpty)
            #expect(device.maxTextureSize >= 2048)
            #expect(device.context.drawableSize == nil)
        }
    }

    @Test func clearAndReadBackIsTopRowFirst() throws {
        try withDevice { device in
            // Upload a 2x2 texture whose top row is red and bottom row blue, copy it with a
            // texel-fetch program, and read back: the first row read must be red.
            let pixels: [UInt8] = [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255]
            let texture = try pixels.withUnsafeBytes { bytes in
                try device.makeTexture(width: 2, height: 2, pixels: bytes)
            }
            let target = try device.makeOffscreenTarget(width: 2, height: 2)
            let program = try device.makeFullscreenProgram(fragmentBody: """
                uniform sampler2D image;
                out vec4 color;
                void main() { color = texelFetch(image, ivec2(gl_FragCoord.xy), 0); }
                """)
            device.bind(target)
            program.use()
            GL.activeTexture(unit: 0)
            GL.bindTexture(texture.name)
            GL.uniform1i(program.uniformLocation("image"), 0)
            device.drawFullscreen()
            #expect(try target.readPixels() == pixels)
            program.release()
            target.release()
            texture.release()
        }
    }

    @Test func brokenShaderThrowsTypedErrorWithTheLine() throws {
        try withDevice { device in
            let body = """
                out vec4 color;
                void main() {
                    color = vec4(1.0);
                    color.x = undefinedThing * 2.0;
                }
                """
            do {
                _ = try device.makeFullscreenProgram(fragmentBody: body)
                Issue.record("a broken shader compiled")
            } catch let GLError.shaderCompilation(failure) {
                #expect(failure.stage == .fragment)
                #expect(failure.log.contains("undefinedThing"))
                // The header is 3 lines, so the body's 4th line is line 7 of the source.
                #expect(failure.lines.contains(7))
                #expect(failure.excerpt.contains(">7 |     color.x = undefinedThing * 2.0;"))
                #expect(GLError.shaderCompilation(failure).description.contains("fragment shader did not compile"))
            }
        }
    }

    @Test func linkErrorIsTyped() throws {
        try withDevice { device in
            // Declared but never defined: compiles, fails to link.
            let body = "out vec4 color;\nvec4 missing();\nvoid main() { color = missing(); }\n"
            #expect(throws: GLError.self) { _ = try device.makeFullscreenProgram(fragmentBody: body) }
            do { _ = try device.makeFullscreenProgram(fragmentBody: body) } catch let GLError.programLink(failure) {
                #expect(failure.stage == .program)
                #expect(!failure.log.isEmpty)
            } catch {
                Issue.record("expected programLink, got \(error)")
            }
        }
    }

    @Test(arguments: [(0, 10), (10, 0), (-1, 5), (1 << 20, 4)])
    func impossibleSizesAreTypedErrors(width: Int, height: Int) throws {
        try withDevice { device in
            #expect {
                _ = try device.makeOffscreenTarget(width: width, height: height)
            } throws: { error in
                guard case GLError.invalidSize = error as! GLError else { return false }
                return true
            }
        }
    }

    @Test func wrongPixelCountIsATypedError() throws {
        try withDevice { device in
            let pixels = [UInt8](repeating: 0, count: 15)
            #expect(throws: GLError.invalidPixelData(expectedBytes: 16, actualBytes: 15)) {
                try pixels.withUnsafeBytes { try device.makeTexture(width: 2, height: 2, pixels: $0) }
            }
        }
    }

    @Test func objectsAreCountedAndReleased() throws {
        try withDevice { device in
            let baseline = device.liveObjects
            let before = device.counters
            let target = try device.makeOffscreenTarget(width: 8, height: 8)
            let program = try device.cachedProgram(key: "solid") { () throws(GLError) in
                try device.makeFullscreenProgram(fragmentBody: "out vec4 c;\nvoid main() { c = vec4(1.0); }\n")
            }
            let again = try device.cachedProgram(key: "solid") { () throws(GLError) in
                Issue.record("cached program rebuilt")
                return program
            }
            #expect(again === program)
            let used = device.counters.since(before)
            #expect(used.shaderCompiles == 2)  // vertex + fragment, once
            #expect(used.programLinks == 1)
            #expect(device.liveObjects == baseline + 3)  // texture, framebuffer, program
            target.release()
            target.release()  // a second release is a no-op, not a double delete
            #expect(device.liveObjects == baseline + 1)
        }
    }

    @Test func adoptedTexturesAreNeverDeleted() throws {
        try withDevice { device in
            let owned = try device.makeTexture(width: 4, height: 4, pixels: nil)
            let adopted = try device.adoptTexture(name: owned.name, width: 4, height: 4)
            let live = device.liveObjects
            adopted.release()
            #expect(device.liveObjects == live)
            #expect(!adopted.isOwned)
            owned.release()
            #expect(device.liveObjects == live - 1)
        }
    }
}

/// Makes a headless context and device, runs `body`, then releases both on this thread.
func withDevice(_ body: (GLDevice) throws -> Void) throws { try HeadlessEGLContext.withDevice(body) }
