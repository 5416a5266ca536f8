import SeedAppScenes
import SeedPalette
import SegueImage
import SegueUIKit
import SegueTesting
import Testing
import SegueStage

/// SeedApp's shared-elements screen headlessly: a click on a card pushes its detail, and the
/// card's picture, title and avatar fly into the detail's (the picture's colour half-way at the
/// two frames interpolated); Escape flies them back and the list is drawn again as before; a drag
/// from the left edge pops it too. No view stays hidden.
@Suite("SeedApp shared elements (headless)", .serialized, .tags(.gl))
@MainActor
struct SeedAppSharedCardsTests {
    static let ids = ["card.picture", "card.title", "card.avatar"]

    /// The app with the cards shown, its push over.
    static func withCards(_ body: (HeadlessStage, SeedAppController, SharedCardsController) throws -> Void) throws {
        try HeadlessSeedApp.run { stage, app in
            app.show(.sharedCards)
            try stage.play(SeedDemo.sharedCards.duration + 0.3)
            let cards = try #require(app.topViewController as? SharedCardsController)
            try body(stage, app, cards)
        }
    }

    static func flyers(_ app: SeedAppController) -> [String] {
        (app.containerView.subviews.first { $0.name == "sharedElements" }?.subviews ?? []).map(\.name)
    }

    @Test func aCardsViewsFlyIntoTheDetailAndBack() throws {
        try Self.withCards { stage, app, cards in
            let list = try stage.snapshot()
            let card = cards.cards[1]
            let cardFrame = try #require(card.convert(card.bounds, to: nil))
            let pictureStart = try #require(card.picture.convert(card.picture.bounds, to: nil))
            stage.press(at: Point(x: cardFrame.midX, y: cardFrame.midY))
            stage.lift(at: Point(x: cardFrame.midX, y: cardFrame.midY))
            let start = stage.now
            try stage.step()
            let detail = try #require(app.topViewController as? CardDetailController)
            #expect(app.isBusy && Self.flyers(app) == Self.ids.map { "sharedElement.\($0)" }, "\(Self.flyers(app))")
            #expect(card.picture.isHidden && card.titleLabel.isHidden && card.avatar.isHidden)
            #expect(detail.picture.isHidden && detail.titleLabel.isHidden && detail.avatar.isHidden)
            #expect(!cards.cards[0].picture.isHidden, "only the card that opens carries the ids")
            // Half-way in time the picture covers its two frames interpolated (ease-in-out is at 0.5).
            let half = try stage.advance(to: start + SeedDemo.sharedCards.duration / 2)
            let pictureEnd = Rect(x: 0, y: 0, width: SeedAppController.windowSize.width, height: SeedAppController.windowSize.height / 2)
            let middle = Rect.interpolate(pictureStart, pictureEnd, 0.5)
            let color = SharedCardsController.colors[1]
            #expect(half.shows(color, at: Int(middle.midX), Int(middle.midY)))
            #expect(half.shows(color, at: Int(middle.minX + 4), Int(middle.minY + 4)))
            try stage.play(0.5)
            #expect(!app.isBusy && Self.flyers(app).isEmpty)
            #expect(!detail.picture.isHidden && !detail.titleLabel.isHidden && !detail.avatar.isHidden)
            #expect(detail.picture.frame == pictureEnd)

            stage.window.deliver(KeyPress(key: .escape, phase: .began, time: stage.now))
            try stage.step()
            #expect(app.isBusy && Self.flyers(app).count == 3, "they fly back")
            let back = try stage.play(0.6)
            #expect(app.topViewController === cards && !card.picture.isHidden && !card.titleLabel.isHidden && !card.avatar.isHidden)
            #expect(ImageTolerance.crossDriver.mismatch(actual: back, expected: list) == nil, "the list as it was")
        }
    }

    @Test(arguments: [true, false])
    func anEdgeDragFliesThemBackOrReturnsThem(finishes: Bool) throws {
        try Self.withCards { stage, app, cards in
            cards.open(0)
            try stage.play(0.6)
            let detail = try #require(app.topViewController as? CardDetailController)
            let distance = finishes ? 600.0 : 200.0
            stage.press(at: Point(x: 3, y: 300))
            for step in 1...12 { try stage.move(to: Point(x: 3 + distance * Double(step) / 12, y: 300)) }
            #expect(app.isBusy && Self.flyers(app).count == 3, "the pop follows the finger")
            try stage.play(0.2)
            stage.lift(at: Point(x: 3 + distance, y: 300))
            try stage.play(1)
            #expect(!app.isBusy && Self.flyers(app).isEmpty)
            #expect(app.topViewController === (finishes ? cards : detail as ViewController))
            for view in [cards.cards[0].picture, cards.cards[0].titleLabel, cards.cards[0].avatar, detail.picture, detail.titleLabel, detail.avatar] {
                #expect(!view.isHidden && view.alpha == 1, "\(view.name) shown")
            }
        }
    }
}
