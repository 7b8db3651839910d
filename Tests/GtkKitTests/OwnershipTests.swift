import GtkKit
import GtkTestSupport
import XCTest

/// Records which objects were finalized and which closures were freed.
@MainActor
final class Ledger {
    var finalized: [String] = []
    var freedClosures: [String] = []

    func watch(_ object: GtkKit.Object, as name: String) {
        object.onFinalize { [unowned self] in self.finalized.append(name) }
    }
}

/// Captured by a closure; its deinit proves the closure was freed.
final class ClosureProbe: @unchecked Sendable {
    let onFree: () -> Void
    init(_ onFree: @escaping () -> Void) { self.onFree = onFree }
    deinit { onFree() }
    func touch() {}
}

final class OwnershipTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// Builds a window with widgets and closures the way a view does, and
    /// returns how many objects and closures it watched.
    @MainActor
    private static func buildWindow(_ ledger: Ledger, present: Bool) -> (objects: Int, closures: Int) {
        let window = Window()
        let box = Box(.vertical, spacing: 6)
        let label = Label("Hello")
        let button = Button(label: "_Press")
        let entry = Entry(accessibleLabel: "Name")
        let menu = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Menu", menu: Menu(sections: [[("Quit", "app.quit")]]))
        let keys = KeyPressHandler()
        [label, button, entry, menu].forEach(box.append)
        window.setChild(box)
        window.addHandler(keys)
        let objects: [(GtkKit.Object, String)] = [(window, "window"), (box, "box"), (label, "label"),
                                                  (button, "button"), (entry, "entry"), (menu, "menu"), (keys, "keys")]
        for (object, name) in objects { ledger.watch(object, as: name) }

        func probe(_ name: String) -> ClosureProbe {
            ClosureProbe { MainActor.assumeIsolated { ledger.freedClosures.append(name) } }
        }
        let clickProbe = probe("clicked"), changeProbe = probe("changed"), closeProbe = probe("close-request")
        let keyProbe = probe("key-pressed")
        // The closures reach their widgets weakly, as views' closures do.
        button.onClicked { [weak label] in clickProbe.touch(); label?.text = "Pressed" }
        entry.onChanged { [weak label] text in changeProbe.touch(); label?.text = text }
        window.onCloseRequest { closeProbe.touch(); return false }
        keys.onKeyPressed { _, _ in keyProbe.touch(); return false }

        if present {
            window.present()
            MainLoop.iterate(until: { window.isVisible }, timeout: 2)
        }
        // The closures really are connected.
        button.emit("clicked")
        XCTAssertEqual(label.text, "Pressed")
        entry.text = "typed"
        XCTAssertEqual(label.text, "typed")
        window.destroy()
        return (objects.count, 4)
    }

    func testDestroyedWindowFinalizesEveryWidgetAndFreesEveryClosure() { onMain {
        let ledger = Ledger()
        let expected = Self.buildWindow(ledger, present: true)
        MainLoop.iterate(until: {
            ledger.finalized.count == expected.objects && ledger.freedClosures.count == expected.closures
        })
        XCTAssertEqual(Set(ledger.finalized), ["window", "box", "label", "button", "entry", "menu", "keys"])
        XCTAssertEqual(Set(ledger.freedClosures), ["clicked", "changed", "close-request", "key-pressed"])
    } }

    func testTwoHundredOpenCloseCyclesLeaveNothingBehind() { onMain {
        let ledger = Ledger()
        let toplevelsBefore = Gtk.toplevelCount
        var expected = (objects: 0, closures: 0)
        for _ in 0..<200 {
            let counts = Self.buildWindow(ledger, present: true)
            expected.objects += counts.objects
            expected.closures += counts.closures
        }
        MainLoop.iterate(until: {
            ledger.finalized.count == expected.objects && ledger.freedClosures.count == expected.closures
        }, timeout: 20)
        XCTAssertEqual(ledger.finalized.count, expected.objects)
        XCTAssertEqual(ledger.freedClosures.count, expected.closures)
        XCTAssertEqual(Gtk.toplevelCount, toplevelsBefore)
    } }

    func testDisconnectFreesTheClosureAtOnce() { onMain {
        let button = Button(label: "x")
        var freed = false
        let connection = { () -> SignalConnection in
            let probe = ClosureProbe { MainActor.assumeIsolated { freed = true } }
            return button.onClicked { probe.touch() }
        }()
        XCTAssertFalse(freed)
        connection.disconnect()
        XCTAssertTrue(freed)
        XCTAssertFalse(connection.isConnected)
    } }

    func testAWidgetKeptByItsParentOutlivesItsWrapper() { onMain {
        var finalized: Set<String> = []
        do {
            let box = Box(.vertical)
            box.onFinalize { finalized.insert("box") }
            do {
                let label = Label("child")
                label.onFinalize { finalized.insert("label") }
                box.append(label)
            }
            XCTAssertEqual(finalized, [], "the box still holds the label")
        }
        XCTAssertEqual(finalized, ["box", "label"])
    } }
}
