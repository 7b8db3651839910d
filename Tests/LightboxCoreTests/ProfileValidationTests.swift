import Foundation
@testable import LightboxCore
import XCTest

final class ProfileValidationTests: XCTestCase {
    private func name(_ name: String) -> String? { ProfileValidation.check(Profile(displayName: name)).displayName }
    private func email(_ email: String) -> String? {
        ProfileValidation.check(Profile(displayName: "A", email: email)).email
    }

    func testTheNameIsRequiredAfterTrimming() {
        XCTAssertEqual(name(""), "Enter a display name.")
        XCTAssertEqual(name("   "), "Enter a display name.")
        XCTAssertEqual(name(" \u{3000} "), "Enter a display name.", "ideographic space is white space too")
        XCTAssertNil(name("  Ada  "))
        XCTAssertEqual(ProfileValidation.normalized(Profile(displayName: "  Ada  ")).displayName, "Ada")
    }

    func testTheNameHoldsAtMost64Characters() {
        XCTAssertNil(name(String(repeating: "a", count: 64)))
        XCTAssertEqual(name(String(repeating: "a", count: 65)), "Use at most 64 characters (this name has 65).")
        XCTAssertNil(name(" " + String(repeating: "a", count: 64) + " "), "white space around is not counted")
        // Characters as people see them, not bytes or scalars.
        XCTAssertNil(name(String(repeating: "é", count: 64)))
        XCTAssertNil(name(String(repeating: "e\u{301}", count: 64)), "e + combining accent is one character")
        XCTAssertNil(name(String(repeating: "👩‍💻", count: 64)), "a ZWJ emoji is one character")
        XCTAssertEqual(name(String(repeating: "山", count: 65)), "Use at most 64 characters (this name has 65).")
    }

    func testControlCharactersAreRefused() {
        let message = "Remove the control characters (such as tabs or line breaks) from the name."
        XCTAssertEqual(name("Ada\tLovelace"), message)
        XCTAssertEqual(name("Ada\nLovelace"), message)
        XCTAssertEqual(name("Ada\u{7}"), message)
        XCTAssertEqual(name("Ada\u{0}x"), message)
        XCTAssertEqual(name("Ada\u{85}x"), message, "C1 controls too")
    }

    func testUnicodeNamesAreFine() {
        for unicode in ["Zoë Saldaña", "Ærøskøbing Ñandú", "山田 太郎", "김민준", "👩‍💻 Dev 🇫🇷",
                        "محمد علي", "דוד לוי", "\u{200F}مريم\u{200F}", "Ольга Павловна"] {
            XCTAssertNil(name(unicode), unicode)
        }
    }

    func testEmailIsOptionalButMustLookLikeAnAddress() {
        let message = "Enter an address like name@example.com, or leave it empty."
        for valid in ["", "  ", "ada@example.com", "a.b+tag@mail.example.co.uk", "zoë@exämple.fr",
                      "用户@例子.广告", " ada@example.com "] {
            XCTAssertNil(email(valid), valid)
        }
        for invalid in ["ada", "ada@", "@example.com", "ada@example", "ada@@example.com", "ada@exa mple.com",
                        "a da@example.com", "ada@.example.com", "ada@example..com", ".ada@example.com",
                        "ada.@example.com", "a..da@example.com", "ada@example.c", "ada@-example.com",
                        "<ada>@example.com", "ada@example.123", "ada@exam_ple.com", "ada@exam\u{7}ple.com"] {
            XCTAssertEqual(email(invalid), message, invalid)
        }
    }

    func testAboutHoldsAtMost500Characters() {
        func about(_ text: String) -> String? { ProfileValidation.check(Profile(displayName: "A", about: text)).about }
        XCTAssertNil(about(""))
        XCTAssertNil(about(String(repeating: "😀", count: 500)))
        XCTAssertNil(about("Line one\nLine two\twith a tab"), "line breaks and tabs are fine in the about text")
        XCTAssertEqual(about(String(repeating: "x", count: 501)), "Use at most 500 characters (this text has 501).")
        XCTAssertEqual(about("bell\u{7}"), "Remove the control characters from the text.")
    }

    func testValidityNeedsEveryField() {
        XCTAssertTrue(ProfileValidation.check(Profile(displayName: "Ada", email: "ada@example.com", about: "Hi")).isValid)
        XCTAssertFalse(ProfileValidation.check(Profile(displayName: "Ada", email: "nope")).isValid)
        XCTAssertFalse(ProfileValidation.check(Profile(displayName: "")).isValid)
    }

    func testInitialsAndColours() {
        XCTAssertEqual(Profile(displayName: "Zoë Saldaña").initials, "ZS")
        XCTAssertEqual(Profile(displayName: "ada lovelace byron").initials, "AB")
        XCTAssertEqual(Profile(displayName: "山田太郎").initials, "山")
        XCTAssertEqual(Profile(displayName: "محمد علي").initials, "مع")
        XCTAssertEqual(Profile(displayName: "👩‍💻").initials, "👩‍💻")
        XCTAssertEqual(Profile(displayName: "(Bob) [Smith]").initials, "BS")
        XCTAssertEqual(Profile(displayName: "   ").initials, "")
        let colour = Profile(displayName: "Zoë Saldaña").colorIndex
        XCTAssertEqual(Profile(displayName: " Zoë Saldaña ").colorIndex, colour, "stable, white space aside")
        XCTAssertTrue((0..<Profile.colorCount).contains(colour))
        let colours = Set(["Ada", "Bob", "Chloé", "Dmitri", "Eun-ji", "Farah", "Gus", "Hana"].map {
            Profile(displayName: $0).colorIndex
        })
        XCTAssertGreaterThan(colours.count, 2, "different names get different colours")
    }

    func testTheDefaultNameComesFromTheAccount() {
        XCTAssertEqual(testAccount.defaultDisplayName, "Zoë Saldaña")
        XCTAssertEqual(SystemAccount(realName: "Unknown", userName: "zoe", faceImagePath: nil).defaultDisplayName, "zoe")
        XCTAssertEqual(SystemAccount(realName: " ", userName: "zoe", faceImagePath: nil).defaultDisplayName, "zoe")
        let long = SystemAccount(realName: String(repeating: "n", count: 80) + "\t", userName: "x", faceImagePath: nil)
        XCTAssertNil(ProfileValidation.check(Profile(displayName: long.defaultDisplayName)).displayName)
    }
}
