import Foundation
import Segue
import SegueAppHost
import SlideUpTransition

do {
    try WindowHost(title: "Sheet", size: Size(width: 480, height: 360)).run(rootViewController: HomeController())
} catch {
    FileHandle.standardError.write(Data("sheet-app: \(error)\n".utf8))
    exit(1)
}
