// SegueRendering, deprecated: the render jobs' module name before 1.0. It is SegueRenderJobs now,
// and `UnknownTransitionError` is SegueTransitions' (CHANGELOG.md, 1.0.0). This module re-exports
// SegueRenderJobs, so code written against SegueRendering builds, and names every type
// SegueRendering held as a deprecated alias: each use warns in the user's build and says what to
// import instead (Swift has no deprecation for a module or an import line).

@_exported import SegueRenderJobs
import SegueTransitions

@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias CompileBudgetError = SegueRenderJobs.CompileBudgetError
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias ContactSheetFrames = SegueRenderJobs.ContactSheetFrames
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias EditRender = SegueRenderJobs.EditRender
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias FilterSheet = SegueRenderJobs.FilterSheet
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias FrameFolder = SegueRenderJobs.FrameFolder
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias GalleryError = SegueRenderJobs.GalleryError
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias GalleryPage = SegueRenderJobs.GalleryPage
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias RenderInputError = SegueRenderJobs.RenderInputError
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias SceneDemo = SegueRenderJobs.SceneDemo
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias ShaderCompileProbe = SegueRenderJobs.ShaderCompileProbe
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias TransitionFileCheck = SegueRenderJobs.TransitionFileCheck
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias TransitionGallery = SegueRenderJobs.TransitionGallery
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias TransitionRenderError = SegueRenderJobs.TransitionRenderError
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias TransitionRenderer = SegueRenderJobs.TransitionRenderer
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs: use `import SegueRenderJobs` (or `import Segue`)")
public typealias TransitionVideo = SegueRenderJobs.TransitionVideo
@available(*, deprecated, message: "SegueRendering is renamed SegueRenderJobs and UnknownTransitionError is in SegueTransitions: use `import SegueTransitions` (or `import Segue`)")
public typealias UnknownTransitionError = SegueTransitions.UnknownTransitionError
