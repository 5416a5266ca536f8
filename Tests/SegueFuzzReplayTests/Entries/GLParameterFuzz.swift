import SegueGLSL

/// The gl-transitions parameter parser: `name=value` as given on a command line or in an edit
/// spec's `params`, checked against a transition that declares a parameter of every type
/// (scalars, vectors, matrices, a texture) and ranges.
enum GLParameterFuzz {
    static let transition = """
        uniform float amount; // = 0.5
        // @range(0, 100)
        uniform int steps; // = 10
        uniform bool flip; // = false
        // @range(-1, 1)
        uniform vec2 center; // = vec2(0.5, 0.5)
        uniform vec3 tint; // = vec3(1.0)
        uniform vec4 edge; // = vec4(0.0, 0.0, 0.0, 1.0)
        uniform ivec2 grid; // = ivec2(4, 4)
        uniform ivec3 cells; // = ivec3(1, 2, 3)
        uniform bvec2 mirror; // = bvec2(false, true)
        uniform mat2 warp; // = mat2(1.0)
        uniform mat3 twist; // = mat3(1.0)
        uniform mat4 frame; // = mat4(1.0)
        uniform sampler2D luma;
        vec4 transition(vec2 uv) {
          float x = amount + float(steps) + (flip ? 1.0 : 0.0) + center.x + tint.r + edge.a + float(grid.x + cells.y);
          x += (mirror.x ? 1.0 : 0.0) + warp[0][0] + twist[1][1] + frame[2][2] + texture2D(luma, uv).r;
          return mix(getFromColor(uv), getToColor(uv), progress * x);
        }
        """
    static let source = try! GLTransitionSource.parse(transition, name: "params")

    static func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        // Each line is one setting, as several `--param` options are.
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            _ = try? GLTransitionSetting.parse(String(line), for: source)
        }
    }
}
