// The input-event vocabulary (keys, modifiers, pointer buttons) lives below the port, in
// SegueInput, so the platform back ends speak it without depending on the port; the port's
// users get it with `import SegueUIKit`, as before.
@_exported import SegueInput
