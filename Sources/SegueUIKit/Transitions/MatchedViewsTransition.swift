import SegueTiming

/// Matched views between two screens (Hero's and SwiftUI's matched-geometry idea): views of the
/// leaving and the arriving screen that share a `matchedGeometryID` morph into each other — a
/// stand-in moves from one's frame to the other's, its corner radius and background colour
/// turning from one's to the other's — while the rest of the screens cross-fade. The matched
/// views themselves are hidden while it runs. Used as a preferred transition
/// (`ViewControllerTransition.matchedViews(duration:)`) for a push, pop, presentation or dismissal.
@MainActor
final class MatchedViewsTransitionAnimator: ViewControllerAnimatedTransitioning {
    let duration: Double
    let curve: TimingCurve = .easeInOut

    init(duration: Double) { self.duration = max(0.01, duration) }

    func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { duration }

    /// One matched pair: the stand-in and where it goes.
    private struct Morph {
        let standIn: View
        let ends: (from: View, to: View)
        let radii: (from: Double, to: Double)
    }

    func animateTransition(using context: any ViewControllerContextTransitioning) {
        guard let fromVC = context.viewController(forKey: .from), let toVC = context.viewController(forKey: .to) else {
            return context.completeTransition(true)
        }
        let container = context.containerView
        let fromView = context.view(forKey: .from) ?? fromVC.view
        let toView = context.view(forKey: .to) ?? toVC.view
        let arriving = toView.superview !== container
        if arriving {
            let final = context.finalFrame(for: toVC)
            toView.frame = final == .zero ? container.bounds : final
            container.addSubview(toView)
        }
        toView.layoutIfNeeded()
        // The arriving screen fades in over the leaving one; one coming back from below fades
        // in as the leaving one, on top, fades out.
        let fading = arriving ? toView : fromView
        let (fadeStart, fadeEnd) = arriving ? (0.0, 1.0) : (1.0, 0.0)
        let restingAlpha = fading.alpha
        fading.alpha = fadeStart * restingAlpha
        let morphs = Self.pairs(from: fromView, to: toView).compactMap { Self.morph($0, in: container) }
        let start = container.animationEngine.now
        let link = container.animationEngine.addDisplayLink { [curve, duration] now in
            let eased = curve.value(at: min(max((now - start) / duration, 0), 1))
            for morph in morphs { morph.standIn.cornerRadius = morph.radii.from + (morph.radii.to - morph.radii.from) * eased }
        }
        View.animate(withDuration: duration, options: .curveEaseInOut, animations: {
            fading.alpha = fadeEnd * restingAlpha
            for morph in morphs {
                morph.standIn.frame = morph.ends.to.convert(morph.ends.to.bounds, to: container) ?? morph.standIn.frame
                morph.standIn.backgroundColor = morph.ends.to.backgroundColor ?? .clear
            }
        }, completion: { _ in
            link.invalidate()
            fading.alpha = restingAlpha
            for morph in morphs {
                morph.standIn.removeFromSuperview()
                morph.ends.from.isHidden = false
                morph.ends.to.isHidden = false
            }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }

    /// Views of both trees with the same identifier (the first of each id, depth first), visible ones only.
    static func pairs(from: View, to: View) -> [(View, View)] {
        let targets = identified(in: to)
        var seen: Set<String> = []
        return identified(in: from).compactMap { id, view in
            guard seen.insert(id).inserted, let match = targets.first(where: { $0.0 == id })?.1 else { return nil }
            return (view, match)
        }
    }

    private static func identified(in root: View) -> [(String, View)] {
        guard !root.isHidden else { return [] }
        var found: [(String, View)] = []
        if let id = root.matchedGeometryID { found.append((id, root)) }
        for subview in root.subviews { found += identified(in: subview) }
        return found
    }

    /// A stand-in over the container at the leaving view's frame, colour and corner radius;
    /// both matched views hide. Nil when a frame cannot be converted (another tree).
    private static func morph(_ pair: (View, View), in container: View) -> Morph? {
        let (from, to) = pair
        guard let frame = from.convert(from.bounds, to: container) else { return nil }
        let standIn = View(frame: frame, name: "matched.\(from.matchedGeometryID ?? "")")
        standIn.backgroundColor = from.backgroundColor ?? .clear
        standIn.content = from.content
        standIn.cornerRadius = from.cornerRadius
        standIn.clipsToBounds = true
        container.addSubview(standIn)
        from.isHidden = true
        to.isHidden = true
        return Morph(standIn: standIn, ends: (from, to), radii: (from.cornerRadius, to.cornerRadius))
    }
}
