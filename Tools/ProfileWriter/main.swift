import Foundation
import LightboxCore

// lightbox-profile-writer IMAGE...
//
// Saves profiles in a loop into $XDG_DATA_HOME/lightbox/ with the real
// store, for the test that kills it at random instants. Profile number n
// is "Writer n", writer-n@example.com, an about text naming n, and the
// photo IMAGE[n % count]; after each save it prints "saved n".

let images = CommandLine.arguments.dropFirst()
guard !images.isEmpty else {
    FileHandle.standardError.write(Data("usage: lightbox-profile-writer IMAGE...\n".utf8))
    exit(2)
}
let avatars: [AvatarImage]
do {
    avatars = try images.map { path throws(AvatarError) in try AvatarImage.decode(path: path) }
} catch {
    FileHandle.standardError.write(Data("lightbox-profile-writer: \(error.message)\n".utf8))
    exit(1)
}

let store = FileProfileStore()
var number = 0
while true {
    let profile = Profile(displayName: "Writer \(number)", email: "writer-\(number)@example.com",
                          about: String(repeating: "Profile \(number). ", count: 20),
                          avatar: avatars[number % avatars.count])
    do {
        _ = try store.save(profile)
    } catch {
        FileHandle.standardError.write(Data("lightbox-profile-writer: \(error.message)\n".utf8))
        exit(1)
    }
    FileHandle.standardOutput.write(Data("saved \(number)\n".utf8))
    number += 1
}
