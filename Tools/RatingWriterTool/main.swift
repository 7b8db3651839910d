import Foundation
import LightboxCore

// lightbox-rating-writer PHOTO [STARS]
// lightbox-rating-writer --measure PHOTO   (see Measure.swift)
//
// With STARS (-1…5): writes that rating into PHOTO once with the real
// writer (FileRatingWriter, "in the photo files") and prints the files
// written. Without: writes ratings in a loop, -1, 0, 1, … 5 and round
// again, printing "wrote N" after each, for the test that kills it at
// random instants.

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--measure", arguments.count == 2 {
    measure(arguments.last!)
    exit(0)
}
guard let photo = arguments.first, arguments.count <= 2 else {
    FileHandle.standardError.write(Data("usage: lightbox-rating-writer PHOTO [STARS]\n".utf8))
    exit(2)
}
let writer = FileRatingWriter()

func write(_ stars: Int) {
    do {
        let result = try writer.write(stars, for: photo, storage: .photoFiles)
        print(result.written.joined(separator: "\n"))
    } catch {
        FileHandle.standardError.write(Data("lightbox-rating-writer: \(error.path): \(error.reason)\n".utf8))
        exit(1)
    }
}

if arguments.count == 2 {
    guard let stars = Int(arguments.last!), Photo.ratingRange.contains(stars) else {
        FileHandle.standardError.write(Data("lightbox-rating-writer: STARS must be -1…5\n".utf8))
        exit(2)
    }
    write(stars)
    exit(0)
}

var number = 0
while true {
    let stars = number % 7 - 1
    do {
        _ = try writer.write(stars, for: photo, storage: .photoFiles)
    } catch {
        FileHandle.standardError.write(Data("lightbox-rating-writer: \(error.reason)\n".utf8))
        exit(1)
    }
    FileHandle.standardOutput.write(Data("wrote \(stars)\n".utf8))
    number += 1
}
