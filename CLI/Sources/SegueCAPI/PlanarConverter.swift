import CSegue
import SegueColor
import SegueGL

/// The Y'CbCr layouts `segue_transition_render_planes` takes: 8-bit 4:2:0, planar or with
/// chroma interleaved.
enum PlanarFormat: Equatable {
    case i420, nv12

    init(_ format: segue_pixel_format) throws(CAPIError) {
        switch format {
        case SEGUE_FORMAT_I420: self = .i420
        case SEGUE_FORMAT_NV12: self = .nv12
        default: throw .argument("the pixel format is SEGUE_FORMAT_I420 or SEGUE_FORMAT_NV12, not \(format.rawValue)")
        }
    }

    /// Each plane's size in bytes (one byte a sample) for a width x height picture.
    func planeSizes(width: Int, height: Int) -> [(width: Int, height: Int)] {
        let (chromaWidth, chromaHeight) = ((width + 1) / 2, (height + 1) / 2)
        return switch self {
        case .i420: [(width, height), (chromaWidth, chromaHeight), (chromaWidth, chromaHeight)]
        case .nv12: [(width, height), (2 * chromaWidth, chromaHeight)]
        }
    }
}

/// The codes' meaning: a matrix and a range, as `YCbCrConversion` takes them.
struct PlanarColor: Equatable {
    let matrix: MatrixCoefficients
    let range: ColorRange

    init(_ matrix: segue_color_matrix, fullRange: Int32) throws(CAPIError) {
        switch matrix {
        case SEGUE_MATRIX_BT601: self.matrix = .bt601
        case SEGUE_MATRIX_BT709: self.matrix = .bt709
        case SEGUE_MATRIX_BT2020: self.matrix = .bt2020NonConstant
        default: throw .argument("the colour matrix is SEGUE_MATRIX_BT601, _BT709 or _BT2020, not \(matrix.rawValue)")
        }
        guard fullRange == 0 || fullRange == 1 else { throw .argument("full_range is 0 or 1, not \(fullRange)") }
        range = fullRange == 1 ? .full : .limited
    }
}

/// Y'CbCr planes in and out of a transition's RGBA8 textures, on the GPU: the host's planes
/// are uploaded as R8 textures and drawn into the transition's input targets as opaque R'G'B'
/// (chroma repeated over its 2x2 block), and the transition's frame is drawn back into R8
/// planes (each chroma sample the mean of its block, rounded), so only the planes cross the bus.
/// One per transition and layout; made and used on the engine's thread, released there.
final class PlanarConverter {
    let format: PlanarFormat
    let color: PlanarColor
    private let width: Int, height: Int
    private let device: GLDevice
    private let sizes: [(width: Int, height: Int)]
    /// The host's planes of one picture at a time, uploaded here.
    private let uploads: [PlaneTexture]
    /// The output planes, one R8 target each (NV12's chroma plane with Cb and Cr alternating).
    private let planes: [FormattedTarget]
    private let toRGB: ShaderProgram
    private let toPlanes: ShaderProgram
    private let conversion: YCbCrConversion
    private var scratch: [UInt8] = []

    init(device: GLDevice, format: PlanarFormat, color: PlanarColor, width: Int, height: Int) throws(CAPIError) {
        guard let conversion = YCbCrConversion(matrix: color.matrix, range: color.range) else {
            throw .argument("\(color.matrix) is not a Y'CbCr matrix")
        }
        (self.device, self.format, self.color, self.width, self.height, self.conversion) = (device, format, color, width, height, conversion)
        sizes = format.planeSizes(width: width, height: height)
        var uploads: [PlaneTexture] = [], planes: [FormattedTarget] = []
        do {
            toRGB = try device.cachedProgram(key: "segue.capi.planes-to-rgb") { () throws(GLError) in
                try device.makeFullscreenProgram(fragmentBody: Self.toRGBShader)
            }
            toPlanes = try device.cachedProgram(key: "segue.capi.rgb-to-planes") { () throws(GLError) in
                try device.makeFullscreenProgram(fragmentBody: Self.toPlanesShader)
            }
            for size in sizes {
                uploads.append(try device.makePlaneTexture(width: size.width, height: size.height, bytesPerSample: 1))
                planes.append(try device.makeTarget(width: size.width, height: size.height, format: .r8))
            }
        } catch {
            uploads.forEach { $0.release() }
            planes.forEach { $0.release() }
            throw CAPIError(error)
        }
        (self.uploads, self.planes) = (uploads, planes)
    }

    /// Checks that every plane of `picture` is there with a stride that holds its row.
    func check(_ picture: segue_planes, _ role: String) throws(CAPIError) {
        let data = [picture.data.0, picture.data.1, picture.data.2], strides = [picture.stride.0, picture.stride.1, picture.stride.2]
        for (index, size) in sizes.enumerated() {
            guard data[index] != nil else { throw .argument("\(role): plane \(index) of \(format) is NULL") }
            guard Int(strides[index]) >= size.width else {
                throw .argument("\(role): plane \(index)'s stride is \(strides[index]) bytes, under its row of \(size.width)")
            }
        }
    }

    /// Uploads `picture`'s planes and draws them as R'G'B' into `target` (the transition's input).
    func convert(_ picture: segue_planes, into target: OffscreenTarget) throws(CAPIError) {
        let data = [picture.data.0, picture.data.1, picture.data.2], strides = [picture.stride.0, picture.stride.1, picture.stride.2]
        do throws(GLError) {
            for (index, upload) in uploads.enumerated() {
                guard let base = data[index] else { continue }
                let (rowBytes, stride, rows) = (sizes[index].width, Int(strides[index]), sizes[index].height)
                if stride == rowBytes {
                    try upload.upload(UnsafeRawBufferPointer(start: base, count: rowBytes * rows))
                } else {
                    // A padded layout (GStreamer's rows are 4-byte aligned) is packed first.
                    if scratch.count < rowBytes * rows { scratch = [UInt8](repeating: 0, count: rowBytes * rows) }
                    let result: Result<Void, GLError> = scratch.withUnsafeMutableBytes { packed in
                        for row in 0..<rows { (packed.baseAddress! + row * rowBytes).copyMemory(from: base + row * stride, byteCount: rowBytes) }
                        do throws(GLError) { try upload.upload(UnsafeRawBufferPointer(packed)); return .success(()) } catch { return .failure(error) }
                    }
                    try result.get()
                }
            }
            device.bind(target)
            GL.disable(GL.blend)
            toRGB.use()
            for (unit, upload) in uploads.enumerated() {
                GL.activeTexture(unit: unit)
                GL.bindTexture(upload.name)
            }
            GL.uniform1i(toRGB.uniformLocation("planeY"), 0)
            GL.uniform1i(toRGB.uniformLocation("planeCb"), 1)
            GL.uniform1i(toRGB.uniformLocation("planeCr"), Int32(min(2, uploads.count - 1)))
            GL.uniform1i(toRGB.uniformLocation("interleaved"), format == .nv12 ? 1 : 0)
            // Row-major to GLSL's column-major.
            let m = conversion.toRGB, o = conversion.toRGBOffset
            GL.uniformMatrix(toRGB.uniformLocation("toRGB"), dimension: 3, (0..<9).map { Float(m[($0 % 3) * 3 + $0 / 3]) })
            GL.uniform3f(toRGB.uniformLocation("toRGBOffset"), Float(o[0]), Float(o[1]), Float(o[2]))
            device.drawFullscreen()
            GL.activeTexture(unit: 0)
            try device.checkError("Y'CbCr planes to R'G'B'")
        } catch { throw CAPIError(error) }
    }

    /// Draws the frame in `source` (premultiplied: over black) into the planes and reads them
    /// back into `picture`'s, row by row at its strides.
    func convert(_ source: TextureName, into picture: segue_planes) throws(CAPIError) {
        let data = [picture.data.0, picture.data.1, picture.data.2], strides = [picture.stride.0, picture.stride.1, picture.stride.2]
        // code = dot(rgb, xyz) + w: the forward map is affine, its offset black's codes.
        let black = conversion.codes(red: 0, green: 0, blue: 0)
        let primaries = [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)].map { conversion.codes(red: $0.0, green: $0.1, blue: $0.2) }
        let cb = primaries.map { Float($0.cb - black.cb) } + [Float(black.cb)]
        let cr = primaries.map { Float($0.cr - black.cr) } + [Float(black.cr)]
        let luma = primaries.map { Float($0.y - black.y) } + [Float(black.y)]
        let perPlane: [(kind: Int32, first: [Float], second: [Float])] = format == .i420
            ? [(Int32(0), luma, luma), (Int32(1), cb, cb), (Int32(1), cr, cr)] : [(Int32(0), luma, luma), (Int32(2), cb, cr)]
        do throws(GLError) {
            toPlanes.use()
            GL.disable(GL.blend)
            GL.activeTexture(unit: 0)
            GL.bindTexture(source)
            GL.uniform1i(toPlanes.uniformLocation("source"), 0)
            for (index, plane) in planes.enumerated() {
                device.bind(plane)
                let (kind, first, second) = perPlane[index]
                GL.uniform1i(toPlanes.uniformLocation("kind"), kind)
                GL.uniform4f(toPlanes.uniformLocation("coefficients"), first[0], first[1], first[2], first[3])
                GL.uniform4f(toPlanes.uniformLocation("coefficientsOdd"), second[0], second[1], second[2], second[3])
                device.drawFullscreen()
                // Read with rows packed (the device's pack alignment is 1), then copied at the host's stride.
                GL.pixelStore(GL.packAlignment, 1)
                let padded = plane.width
                if scratch.count < padded * plane.height { scratch = [UInt8](repeating: 0, count: padded * plane.height) }
                guard let base = data[index] else { continue }
                let stride = Int(strides[index])
                let result: Result<Void, GLError> = scratch.withUnsafeMutableBytes { buffer in
                    do throws(GLError) { try plane.readPixels(into: buffer) } catch { return .failure(error) }
                    for row in 0..<plane.height { UnsafeMutableRawPointer(base + row * stride).copyMemory(from: buffer.baseAddress! + row * padded, byteCount: plane.width) }
                    return .success(())
                }
                try result.get()
            }
            try device.checkError("R'G'B' to Y'CbCr planes")
        } catch { throw CAPIError(error) }
    }

    func release() {
        uploads.forEach { $0.release() }
        planes.forEach { $0.release() }
    }

    /// Codes (R8: code / 255) to opaque R'G'B' with `YCbCrConversion`'s inverse; texel for
    /// texel (texelFetch: rows as the host gave them, top first), chroma from its 2x2 block.
    static let toRGBShader = """
        uniform sampler2D planeY;
        uniform sampler2D planeCb;
        uniform sampler2D planeCr;
        uniform int interleaved;
        uniform mat3 toRGB;
        uniform vec3 toRGBOffset;
        out vec4 fragColor;
        void main() {
            ivec2 p = ivec2(gl_FragCoord.xy);
            ivec2 c = p / 2;
            float y = texelFetch(planeY, p, 0).r;
            float cb, cr;
            if (interleaved == 1) {
                cb = texelFetch(planeCb, ivec2(2 * c.x, c.y), 0).r;
                cr = texelFetch(planeCb, ivec2(2 * c.x + 1, c.y), 0).r;
            } else {
                cb = texelFetch(planeCb, c, 0).r;
                cr = texelFetch(planeCr, c, 0).r;
            }
            fragColor = vec4(clamp(toRGB * vec3(y, cb, cr) + toRGBOffset, 0.0, 1.0), 1.0);
        }
        """

    /// R'G'B' to one plane of codes: kind 0 luma; 1 a chroma plane (the mean of the 2x2 block,
    /// edges clamped); 2 NV12's interleaved chroma (even samples `coefficients`, odd `coefficientsOdd`).
    static let toPlanesShader = """
        uniform sampler2D source;
        uniform int kind;
        uniform vec4 coefficients;
        uniform vec4 coefficientsOdd;
        out vec4 fragColor;
        ivec2 size;
        vec3 texel(ivec2 p) { return clamp(texelFetch(source, min(p, size - 1), 0).rgb, 0.0, 1.0); }
        void main() {
            size = textureSize(source, 0);
            ivec2 p = ivec2(gl_FragCoord.xy);
            vec4 k = coefficients;
            vec3 rgb;
            if (kind == 0) {
                rgb = texel(p);
            } else {
                ivec2 c = p;
                if (kind == 2) {
                    c.x = p.x / 2;
                    if ((p.x & 1) == 1) k = coefficientsOdd;
                }
                ivec2 q = 2 * c;
                rgb = 0.25 * (texel(q) + texel(q + ivec2(1, 0)) + texel(q + ivec2(0, 1)) + texel(q + ivec2(1, 1)));
            }
            fragColor = vec4(clamp(floor(dot(rgb, k.xyz) + k.w + 0.5), 0.0, 255.0) / 255.0);
        }
        """
}
