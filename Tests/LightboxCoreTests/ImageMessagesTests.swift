import Imaging
import XCTest

/// The C code's English messages, as the app shows them (in English here:
/// the tests run without translations).
final class ImageMessagesTests: XCTestCase {
    func testTheCCodesMessagesComeThroughWithTheirValues() {
        XCTAssertEqual(ImageMessages.translated("The image is damaged or incomplete."), "The image is damaged or incomplete.")
        XCTAssertEqual(ImageMessages.translated("The image is too large (60000 × 50000 pixels)."),
                       "The image is too large (60000 × 50000 pixels).")
        XCTAssertEqual(ImageMessages.translated("The file cannot be read: Permission denied."),
                       "The file cannot be read: Permission denied.")
        XCTAssertEqual(ImageMessages.translated("Not a JPEG file: starts with 0x89 0x50"),
                       "Not a JPEG file: starts with 0x89 0x50", "a loader's own words stay")
    }

    func testAMessageFitsItsTemplateWhateverTheValues() {
        let tooLarge = "The image is too large ({width} × {height} pixels)."
        XCTAssertTrue(ImageMessages.message("The image is too large (1 × 2 pixels).", fits: tooLarge))
        XCTAssertFalse(ImageMessages.message("The image is too large.", fits: tooLarge))
        XCTAssertTrue(ImageMessages.message("The file cannot be read.", fits: "The file cannot be read."))
        XCTAssertFalse(ImageMessages.message("The file cannot be read. Really.", fits: "The file cannot be read."))
        XCTAssertTrue(ImageMessages.message("The file cannot be read: gone.", fits: "The file cannot be read: {reason}."))
        XCTAssertFalse(ImageMessages.message("The file cannot be read.", fits: "The file cannot be read: {reason}."))
    }
}
