// Effects take and report shaders in the GLSL front end's terms (`GLTransitionSource`,
// `GLTransitionError`, budgets): a program that imports SegueEffects gets them too.
@_exported import SegueGLSL
