// The everyday modules in one import. Windows (SegueGLFW) stay out, so a headless render
// worker that imports Segue links neither GLFW nor X11.
@_exported import SegueTiming
@_exported import SegueColor
@_exported import SegueEffects
@_exported import SegueExport
@_exported import SegueGL
@_exported import SegueGLSL
@_exported import SegueHeadless
@_exported import SegueImage
@_exported import SegueOutput
@_exported import SegueRenderJobs
@_exported import SegueUIKit
@_exported import SegueCompositor
@_exported import SegueSoak
@_exported import SegueStage
@_exported import SegueText
@_exported import SegueTimeline
@_exported import SegueTransitions
