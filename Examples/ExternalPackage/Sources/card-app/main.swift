// The whole host of a windowed Segue app: a window, and the app's root controller in it.
// A tap on a card presents it; a pan from the window's left edge dismisses it.
import CardApp
import Foundation
import Segue
import SegueAppHost

do {
    try WindowHost(title: "Cards", size: Size(width: 480, height: 320)).run(rootViewController: CardListController())
} catch {
    print("card-app: \(error)")
    exit(1)
}
