// SegueScene, deprecated: the UIKit port's module name before 1.0. It is SegueUIKit now, and the
// compositor that was inside it is SegueCompositor (CHANGELOG.md, 1.0.0). This module re-exports
// both, so code written against SegueScene builds, and names every type SegueScene held as a
// deprecated alias: each use warns in the user's build and says what to import instead. Swift has
// no deprecation for a module or an import line, so the warnings are at the uses. Qualified names
// (`SegueScene.View`) resolve to the same aliases. `Responder`, a protocol in SegueScene and a
// class in SegueUIKit, is the protocol here (Responder.swift).

@_exported import SegueCompositor
import SegueInput
@_exported import SegueUIKit

@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias AnimationEngine = SegueUIKit.AnimationEngine
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias AnimationOptions = SegueUIKit.AnimationOptions
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias AnimationTimeDomain = SegueUIKit.AnimationTimeDomain
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias AppearanceState = SegueUIKit.AppearanceState
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias AutoresizingMask = SegueUIKit.AutoresizingMask
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias Color = SegueUIKit.Color
@available(*, deprecated, message: "SegueScene's Compositor is in SegueCompositor now: use `import SegueCompositor` (or `import Segue`)")
public typealias Compositor = SegueCompositor.Compositor
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias Control = SegueUIKit.Control
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias DisplayLink = SegueUIKit.DisplayLink
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias EdgeInsets = SegueUIKit.EdgeInsets
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias GestureActionSending = SegueUIKit.GestureActionSending
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias GestureActionToken = SegueUIKit.GestureActionToken
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias GestureRecognizer = SegueUIKit.GestureRecognizer
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias GestureRecognizerDelegate = SegueUIKit.GestureRecognizerDelegate
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias KeyModifiers = SegueInput.KeyModifiers
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias KeyPress = SegueInput.KeyPress
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias KeyboardKey = SegueInput.KeyboardKey
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias LongPressGestureRecognizer = SegueUIKit.LongPressGestureRecognizer
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias ModalTransitionStyle = SegueUIKit.ModalTransitionStyle
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias NavigationController = SegueUIKit.NavigationController
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias NavigationControllerDelegate = SegueUIKit.NavigationControllerDelegate
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias NavigationOperation = SegueUIKit.NavigationOperation
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias PanGestureRecognizer = SegueUIKit.PanGestureRecognizer
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias PercentDrivenInteractiveTransition = SegueUIKit.PercentDrivenInteractiveTransition
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias Point = SegueUIKit.Point
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias PointerButton = SegueInput.PointerButton
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias PointerDispatcher = SegueUIKit.PointerDispatcher
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias PresentationController = SegueUIKit.PresentationController
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias PresentationStyle = SegueUIKit.PresentationStyle
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias PropertyAnimator = SegueUIKit.PropertyAnimator
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias Rect = SegueUIKit.Rect
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias RectEdge = SegueUIKit.RectEdge
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias Screen = SegueUIKit.Screen
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias ScreenEdgePanGestureRecognizer = SegueUIKit.ScreenEdgePanGestureRecognizer
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias ScrollWheelEvent = SegueUIKit.ScrollWheelEvent
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias Size = SegueUIKit.Size
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias SnapshotError = SegueUIKit.SnapshotError
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias SwipeContainerViewController = SegueUIKit.SwipeContainerViewController
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias SwipeGestureRecognizer = SegueUIKit.SwipeGestureRecognizer
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias SwipeTransitionAnimator = SegueUIKit.SwipeTransitionAnimator
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias TabBarController = SegueUIKit.TabBarController
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias TabBarControllerDelegate = SegueUIKit.TabBarControllerDelegate
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias TapGestureRecognizer = SegueUIKit.TapGestureRecognizer
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias Touch = SegueUIKit.Touch
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias TouchEvent = SegueUIKit.TouchEvent
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias Transform3D = SegueUIKit.Transform3D
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias TransitionContext = SegueUIKit.TransitionContext
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias TransitionCoordinator = SegueUIKit.TransitionCoordinator
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias TransitionDiagnostics = SegueUIKit.TransitionDiagnostics
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias TransitionDriver = SegueUIKit.TransitionDriver
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias TransitionKey = SegueUIKit.TransitionKey
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias View = SegueUIKit.View
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias ViewContent = SegueUIKit.ViewContent
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias ViewController = SegueUIKit.ViewController
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias ViewControllerAnimatedTransitioning = SegueUIKit.ViewControllerAnimatedTransitioning
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias ViewControllerContextTransitioning = SegueUIKit.ViewControllerContextTransitioning
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias ViewControllerInteractiveTransitioning = SegueUIKit.ViewControllerInteractiveTransitioning
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias ViewControllerTransitioningDelegate = SegueUIKit.ViewControllerTransitioningDelegate
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias ViewState = SegueUIKit.ViewState
@available(*, deprecated, message: "SegueScene is renamed SegueUIKit: use `import SegueUIKit` (or `import Segue`)")
public typealias Window = SegueUIKit.Window
