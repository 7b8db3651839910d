import Foundation
@testable import LightboxCore
import Localization
import XCTest

/// The catalogs the build compiles (`make locale`), found as the app finds
/// them: German text, German numbers and dates, plural forms, and English
/// when no translation is asked for.
final class TranslationTests: XCTestCase {
    private let folder = Folder(url: URL(fileURLWithPath: "/p/Urlaub"))
    private let photo = Photo(path: "/p/Urlaub/a.jpg", fileSize: 1, modificationTime: 0)

    /// Runs `body` with the locale and language set as a person's session
    /// sets them, then goes back to the test run's own.
    private func speaking(_ locale: String, _ language: String, _ body: () throws -> Void) throws {
        let directory = try XCTUnwrap(Translations.localeDirectory(), "no .build/locale: run `make locale`")
        let saved = ["LC_ALL", "LANGUAGE"].map { ($0, ProcessInfo.processInfo.environment[$0]) }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
            Translations.setUp(localeDirectory: directory)
        }
        setenv("LC_ALL", locale, 1)
        setenv("LANGUAGE", language, 1)
        XCTAssertTrue(Translations.setUp(localeDirectory: directory),
                      "no \(locale) locale here: scripts/install-deps.sh --test makes it")
        try body()
    }

    private func list(_ shown: Int, of total: Int, selected: Int = 0) -> PhotoList {
        PhotoList(folder: folder, photos: ChunkedArray(repeatElement(photo, count: shown)), total: total,
                  selection: Set((0..<selected).map { "/p/Urlaub/\($0).jpg" }))
    }

    func testGermanTextPluralsAndNumbers() throws {
        try speaking("de_DE.UTF-8", "de") {
            XCTAssertEqual(list(1204, of: 1204).summary, "1.204 Fotos")
            XCTAssertEqual(list(1, of: 1).summary, "1 Foto")
            XCTAssertEqual(list(37, of: 1204).summary, "37 von 1.204 Fotos")
            XCTAssertEqual(tr("Search Photos"), "Fotos durchsuchen")
            XCTAssertEqual(LocaleFormat.decimal(2.8, digits: 1), "2,8")
            XCTAssertEqual(LocaleFormat.number(-1_234_567), "-1.234.567")
            // Noon, so that every time zone has it on the same day.
            let taken = Date(timeIntervalSince1970: 1_699_963_200)
            XCTAssertTrue(LocaleFormat.dateAndTime(taken).hasPrefix("14. Nov. 2023"), LocaleFormat.dateAndTime(taken))
        }
    }

    func testHebrewHasItsOwnPluralsAndReadsRightToLeft() throws {
        try speaking("he_IL.UTF-8", "he") {
            XCTAssertEqual(list(1, of: 1).summary, "תמונה אחת")
            // A leading right-to-left mark keeps a line that starts with a
            // number or a Latin name running right to left.
            XCTAssertEqual(list(3, of: 3).summary, "\u{200F}3 תמונות")
        }
    }

    func testEnglishWhenNoTranslationIsAsked() throws {
        try speaking("C.UTF-8", "") {
            XCTAssertEqual(list(1204, of: 1204).summary, "1,204 photos")
            XCTAssertEqual([0, 999, 1000, -1204, 1_234_567].map(LocaleFormat.number), ["0", "999", "1,000", "-1,204", "1,234,567"])
            XCTAssertEqual(LocaleFormat.decimal(2.75, digits: 1), "2.8")
            XCTAssertEqual(list(1, of: 1, selected: 1).selectionSummary, "1 selected")
            XCTAssertEqual(tr("Search Photos"), "Search Photos")
        }
    }

    func testAPlaceholderWithoutAValueIsLeftToBeSeen() {
        XCTAssertEqual(tr("Replace “{name}”?", [:]), "Replace “{name}”?")
    }
}
