import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// A compare window: photos side by side, each in a viewer of its own;
/// ratings go out to the list, and a photo compared leaving ends it.
@MainActor
final class CompareLogicTests: XCTestCase {
    private func compare(_ sequence: PhotoLine, panes: [Int]) -> CompareLogic {
        CompareLogic(viewers: panes.map { index in
            PhotoViewerLogic(photo: sequence.photos[index], sequence: sequence) { _, _ in
                PixelData(width: 4, height: 4, stride: 16, bytes: Data(count: 64))
            }
        })
    }

    func testARatingInAPaneGoesToThatPanesPhoto() async {
        let sequence = PhotoLine(names: ["a", "b", "c"])
        let logic = compare(sequence, panes: [0, 2])
        var outputs: [CompareLogic.Output] = []
        logic.onOutput = { outputs.append($0) }
        logic.send(.load)
        await eventuallyPresenting(logic)
        XCTAssertEqual(logic.state.panes.map { $0.picture.photo?.title }, ["a", "c"])

        logic.send(.rate(4, pane: 1))
        XCTAssertEqual(outputs, [.edit(.rate(path: "/p/c.jpg", stars: 4))], "for the photo of pane 1, through the flow")
        logic.send(.toggleRejected(pane: 0))
        XCTAssertEqual(outputs.last, .edit(.rate(path: "/p/a.jpg", stars: Photo.rejected)))
        logic.send(.rate(3, pane: 5))
        XCTAssertEqual(outputs.count, 2, "no such pane: nothing")
        XCTAssertFalse(logic.state.isGone)

        logic.send(.close)
        XCTAssertEqual(outputs.last, .closed)
    }

    func testAComparedPhotoLeavingEndsTheComparison() async {
        let sequence = PhotoLine(names: ["a", "b", "c"])
        let logic = compare(sequence, panes: [0, 1])
        logic.send(.load)
        await eventuallyPresenting(logic)
        sequence.photos.remove(at: 2)
        logic.send(.photoRemoved("/p/c.jpg"))
        XCTAssertFalse(logic.state.isGone, "a photo not compared: nothing")
        sequence.photos.remove(at: 1)
        logic.send(.photoRemoved("/p/b.jpg"))
        XCTAssertTrue(logic.state.isGone, "nothing left to compare")
    }

    /// Waits until every pane shows its photo.
    private func eventuallyPresenting(_ logic: CompareLogic) async {
        await logic.settled()
        let shown = await eventually {
            logic.state.panes.allSatisfy { if case .presenting = $0.picture { true } else { false } }
        }
        XCTAssertTrue(shown, "\(logic.state)")
    }
}
