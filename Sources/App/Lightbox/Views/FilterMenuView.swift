import GtkKit
import LightboxCore
import Localization

/// The header bar's filter menu: the rating, rejected photos, labels and
/// the kind of file as fixed items, and the folder's keywords and cameras,
/// filled in as the menu opens (going over a big folder's photos on every
/// change would cost the main thread for a menu seldom opened). Its items
/// are the window's filter actions (MainWindowActions), which report the
/// intents.
@MainActor
final class FilterMenuView {
    let button: MenuButton
    private let keywords = Menu()
    private let cameras = Menu()
    private let months = Menu()
    private var shown: FilterChoices?

    enum Intent {
        /// The menu opened: its keywords, cameras and months are wanted.
        case opened
    }

    var onIntent: (Intent) -> Void = { _ in }

    init() {
        let menu = Menus.filter()
        let more = Menu()
        // Translators: a submenu of the filter menu: the photos with one keyword (or one below it).
        more.appendSubmenu(keywords, label: tr("Keyword"))
        // Translators: a submenu of the filter menu: the photos taken with one camera.
        more.appendSubmenu(cameras, label: tr("Camera"))
        // Translators: a submenu of the filter menu: the photos taken in one month.
        more.appendSubmenu(months, label: tr("Date Taken"))
        menu.appendSection(more)
        // Translators: the header bar button whose menu filters the photos shown.
        button = MenuButton(iconName: "starred-symbolic", accessibleLabel: tr("Filter Photos"), menu: menu)
        show(FilterChoices(keywords: [], cameras: [], months: []))
        button.onOpened { [weak self] in self?.onIntent(.opened) }
    }

    /// The keywords and cameras offered, each with "Any" first.
    func show(_ choices: FilterChoices) {
        guard choices != shown else { return }
        shown = choices
        keywords.removeAll()
        // Translators: the first item of the filter's Keyword submenu: photos with any keyword or none.
        keywords.append(tr("Any Keyword"), action: ActionNames.keywordFilter.detailed(""))
        for keyword in choices.keywords {
            keywords.append(keyword.path.replacingOccurrences(of: "|", with: " › "),
                            action: ActionNames.keywordFilter.detailed(keyword.path))
        }
        cameras.removeAll()
        // Translators: the first item of the filter's Camera submenu: photos taken with any camera.
        cameras.append(tr("Any Camera"), action: ActionNames.cameraFilter.detailed(""))
        for camera in choices.cameras {
            cameras.append(camera, action: ActionNames.cameraFilter.detailed(camera))
        }
        months.removeAll()
        // Translators: the first item of the filter's Date Taken submenu: photos taken on any day.
        months.append(tr("Any Day"), action: ActionNames.takenFilter.detailed(""))
        for month in choices.months {
            guard let days = month.days else { continue }
            months.append(LocaleFormat.month(days.lowerBound), action: ActionNames.takenFilter.detailed(month.name))
        }
    }
}
