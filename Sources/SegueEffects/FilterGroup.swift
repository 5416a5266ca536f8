/// A sub-graph used as one filter: it takes `inputs` and produces `output`, a graph built from
/// them. Graphs read a group like any filter; the compiler sees through it, so the group's
/// per-pixel filters fuse with the filters around it and its neighbourhood filters get their
/// own passes, exactly as if the sub-graph had been written inline.
///
/// Subclass it to give a sub-graph a name and typed parameters that forward to the filters
/// inside (see `GaussianBlur` and `UnsharpMask`):
///
///     final class Glow: FilterGroup {
///         let blur: GaussianBlur
///         var radius: Float { get { blur.sigma } set { blur.sigma = newValue } }
///         init(input: any EffectNode) {
///             blur = GaussianBlur(input: input, sigma: 6)
///             super.init(name: "glow", inputs: [input],
///                        output: BlendFilter(mode: .screen, base: input, overlay: blur))
///         }
///     }
open class FilterGroup: EffectNode {
    /// Names the group in pass structures: `glow{blend.screen(input0, input1)}`.
    public let name: String
    /// The nodes the group reads from outside.
    public let inputs: [any EffectNode]
    /// The sub-graph's last node, built from `inputs`.
    public let output: any EffectNode

    public init(name: String, inputs: [any EffectNode], output: any EffectNode) {
        self.name = name
        self.inputs = inputs
        self.output = output
    }

    /// The node a group stands for, through any nesting of groups.
    static func resolve(_ node: any EffectNode) -> any EffectNode {
        var node = node
        while let group = node as? FilterGroup { node = group.output }
        return node
    }
}
