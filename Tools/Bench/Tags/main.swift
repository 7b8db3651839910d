import Foundation

// lightbox-bench-tags: the `search` and `keywords` parts of `make bench`
// (Tools/Bench/tags.py runs it; Tools/Bench/README.md says what they show).
//
//   lightbox-bench-tags search --work DIR [--photos 100000] [--rounds 3]
//       Makes DIR/photos: PHOTOS files of a few bytes named as a camera
//       names them, 1,000 a folder, and records them in an index at
//       DIR/library.sqlite with metadata and tags (labels, keywords,
//       titles, captions) and their real sizes and times, so the load reads
//       no file. Loads the folder with the app's PhotoListLogic on the main
//       actor, then, ROUNDS times, types "finistere maree" a letter at a
//       time: each `logic.send(.search(prefix))` is timed from the call
//       until `await logic.settled()` returns (the list the grid shows is
//       ready then), beside the floor, a plain loop of `contains` over the
//       same photos' search text prebuilt in lowercase ASCII, in one
//       thread. Then a
//       label and keyword filter, and back to every photo. One JSON line.
//
//   lightbox-bench-tags keywords --folder DIR --index FILE
//       Loads DIR (JPEGs; a cold index at FILE) with PhotoListLogic over
//       the app's RatingQueue and FileRatingWriter (sandboxed decoders),
//       selects every photo and adds "Places|Brittany|Finistère" as the
//       main window does (`.addKeyword`, then the answer); times the
//       answer's call on the main actor, the main actor's longest stall
//       until the files are written, and the time until
//       `ratings.settled()`. One JSON line.

func usage() -> Never {
    FileHandle.standardError.write(Data("""
        usage: lightbox-bench-tags search --work DIR [--photos N] [--rounds N]
               lightbox-bench-tags keywords --folder DIR --index FILE

        """.utf8))
    exit(2)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("lightbox-bench-tags: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { usage() }
arguments.removeFirst()
var named: [String: String] = [:]
while let argument = arguments.first, argument.hasPrefix("--"), arguments.count >= 2 {
    named[String(argument.dropFirst(2))] = arguments[1]
    arguments.removeFirst(2)
}
guard arguments.isEmpty else { usage() }

let report: [String: Any]
switch mode {
case "search":
    guard let work = named["work"] else { usage() }
    report = await SearchBench(work: work, photos: named["photos"].flatMap(Int.init) ?? 100_000,
                               rounds: max(1, named["rounds"].flatMap(Int.init) ?? 3)).run()
case "keywords":
    guard let folder = named["folder"], let index = named["index"] else { usage() }
    report = await KeywordBench(folder: folder, index: index).run()
default:
    usage()
}
let line = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
print(String(decoding: line, as: UTF8.self))
