/// gl-transitions files built to cost a driver's compiler minutes and gigabytes, for tests that
/// check a front end refuses them within the compile budget.
public enum HostileShaders {
    /// `levels` functions, each calling the one before twice: inlined, the last holds 2^levels
    /// calls. 16 levels took llvmpipe minutes; 20 crashed Mesa at 4.9 GB inside `segue edit`.
    public static func exponentialInlining(levels: Int) -> String {
        var text = "float f0(float x) { return fract(x * 1.37); }\n"
        for level in 1..<levels {
            text += "float f\(level)(float x) { return f\(level - 1)(x) + f\(level - 1)(x * 1.1 + 0.3); }\n"
        }
        return text + "vec4 transition(vec2 uv) {\n  float s = f\(levels - 1)(uv.x);\n"
            + "  return mix(getFromColor(uv), getToColor(uv), progress) + vec4(s * 0.000001);\n}\n"
    }
}
