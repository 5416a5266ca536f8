import SegueExport
import SegueRenderJobs
import SegueTimeline
import SegueTransitions
import Testing

/// The sizes a preview and a draft take, and a view-controller transition's name in an edit,
/// computed by hand.
@Suite("Edit previews and drafts: sizes, kept frames, names", .tags(.pure))
struct EditPreviewSizingTests {
    @Test func aPreviewFitsItsBoxKeepsItsAspectAndIsNeverEnlarged() {
        #expect(EditPreview.size(width: 1920, height: 1080) == (width: 640, height: 360))
        #expect(EditPreview.size(width: 320, height: 180) == (width: 320, height: 180))
        // A portrait 1080x1920 in 640x360: scaled by 360/1920 = 0.1875 to 202.5x360, even sides.
        #expect(EditPreview.size(width: 1080, height: 1920) == (width: 202, height: 360))
        #expect(EditPreview.size(width: 3, height: 3, within: (1, 1)) == (width: 2, height: 2))
    }

    /// 640x360 RGBA is 921,600 bytes: 873 frames fit 768 MiB, so 3,000 frames keep every 4th.
    @Test func aLongEditKeepsEveryNthFrameWithinTheBudget() {
        #expect(EditPreview.stride(totalFrames: 300, width: 640, height: 360, budgetBytes: EditPreview.defaultBudget) == 1)
        #expect(EditPreview.stride(totalFrames: 873, width: 640, height: 360, budgetBytes: EditPreview.defaultBudget) == 1)
        #expect(EditPreview.stride(totalFrames: 874, width: 640, height: 360, budgetBytes: EditPreview.defaultBudget) == 2)
        #expect(EditPreview.stride(totalFrames: 3000, width: 640, height: 360, budgetBytes: EditPreview.defaultBudget) == 4)
    }

    @Test func aDraftHalvesEachSideToEvenNumbers() {
        #expect(EditPlan.draftSize(width: 1920, height: 1080) == (width: 960, height: 540))
        #expect(EditPlan.draftSize(width: 1366, height: 766) == (width: 682, height: 382))
    }

    @Test func onlyAScenarioGetsTheViewControllerAnswer() throws {
        let message = try #require(EditTransitionNames.scenarioMessage(for: "zoom-push"))
        #expect(message.hasPrefix("'zoom-push' is a view-controller transition") && message.hasSuffix("is 'zoomin'"), "\(message)")
        #expect(EditTransitionNames.scenarioMessage(for: "cube") == nil && EditTransitionNames.scenarioMessage(for: "nothing") == nil)
    }
}
