import Foundation

// lightbox-soak: Lightbox's side of `make soak` (scripts/soak.py runs it).
//
//   lightbox-soak run --folder DIR --copies DIR --moved DIR --journal FILE --summary FILE
//                     [--seconds 600] [--stride 10] [--churn-done FILE]
//       Opens DIR with PhotoListLogic over the app's real services and acts
//       on every STRIDE-th photo for SECONDS while another process changes
//       the folder; journals every file write it makes and writes a JSON
//       summary (actions, the main actor's lateness, the final checks).
//   lightbox-soak verify --pristine DIR --out FILE FOLDER…
//       Decodes every file in the folders and compares its image data with
//       its pristine copy; one JSON line a file.
//
// The XDG_* variables say where the index and thumbnail cache go: the
// orchestrator points them into the soak's own folder.

func usage() -> Never {
    FileHandle.standardError.write(Data("""
        usage: lightbox-soak run --folder DIR --copies DIR --moved DIR --journal FILE --summary FILE \
        [--seconds N] [--stride N] [--churn-done FILE]
               lightbox-soak verify --pristine DIR --out FILE FOLDER…

        """.utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { usage() }
arguments.removeFirst()
var named: [String: String] = [:]
var rest: [String] = []
while let argument = arguments.first {
    arguments.removeFirst()
    if argument.hasPrefix("--") {
        guard let value = arguments.first else { usage() }
        arguments.removeFirst()
        named[String(argument.dropFirst(2))] = value
    } else {
        rest.append(argument)
    }
}

switch mode {
case "run":
    var options = RunOptions()
    guard let folder = named["folder"], let copies = named["copies"], let moved = named["moved"],
          let journal = named["journal"], let summary = named["summary"] else { usage() }
    options.folder = URL(fileURLWithPath: folder).standardizedFileURL.path
    options.copies = URL(fileURLWithPath: copies).standardizedFileURL.path
    options.moved = URL(fileURLWithPath: moved).standardizedFileURL.path
    options.journal = journal
    options.summary = summary
    options.seconds = named["seconds"].flatMap(Double.init) ?? 600
    options.stride = max(1, named["stride"].flatMap(Int.init) ?? 10)
    options.churnDone = named["churn-done"]
    do {
        let journal = try Journal(path: options.journal)
        let driver = try Driver(options: options, journal: journal)
        let result = await driver.run()
        journal.close()
        let data = try JSONSerialization.data(withJSONObject: result, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: options.summary))
        let alive = ((result["finalChecks"] as? [String: Any])?["alive"] as? Bool) ?? false
        exit(alive ? 0 : 1)
    } catch {
        FileHandle.standardError.write(Data("lightbox-soak: \(error)\n".utf8))
        exit(1)
    }
case "verify":
    guard let pristine = named["pristine"], let output = named["out"], !rest.isEmpty else { usage() }
    do {
        try verify(pristine: pristine, folders: rest, output: output)
    } catch {
        FileHandle.standardError.write(Data("lightbox-soak: \(error)\n".utf8))
        exit(1)
    }
default:
    usage()
}
