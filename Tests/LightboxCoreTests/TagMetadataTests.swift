import CDecoding
import Foundation
@testable import Imaging
import XCTest

/// Colour labels, keywords, titles and captions, read and written against
/// exiftool: what Lightroom, darktable and digiKam write is read as they
/// meant it, and what Lightbox writes keeps XMP, IPTC and EXIF in step
/// (the Metadata Working Group's guidelines) and leaves the rest alone.
final class TagMetadataTests: XCTestCase {
    /// The tags a tag edit may write, by exiftool's names: everything else
    /// must come through unchanged.
    private static let tagNames: Set<String> = [
        "Label", "ColorLabel", "Colorlabels", "Title", "ObjectName", "Description", "Caption-Abstract",
        "ImageDescription", "HierarchicalSubject", "TagsList", "Subject", "Keywords", "CodedCharacterSet",
    ]

    /// exiftool knows no darktable namespace: this configuration teaches
    /// it darktable's colour labels (a sequence of numbers, 0 red … 4 purple).
    private static func darktableConfig(in scratch: Scratch) -> URL {
        scratch.file("darktable.config", """
            %Image::ExifTool::UserDefined = (
                'Image::ExifTool::XMP::Main' => {
                    darktable => { SubDirectory => { TagTable => 'Image::ExifTool::UserDefined::darktable' } },
                },
            );
            %Image::ExifTool::UserDefined::darktable = (
                GROUPS => { 0 => 'XMP', 1 => 'XMP-darktable', 2 => 'Image' },
                NAMESPACE => { 'darktable' => 'http://darktable.sf.net/' },
                WRITABLE => 'string',
                colorlabels => { List => 'Seq' },
            );
            1;
            """)
    }

    /// Writes darktable's colour labels, as darktable does.
    private func writeDarktableLabels(_ labels: [Int], to file: URL, _ scratch: Scratch) throws {
        try ExifTool.run(["-config", Self.darktableConfig(in: scratch).path, "-q", "-overwrite_original"]
            + labels.map { "-XMP-darktable:colorlabels=\($0)" } + [file.path])
    }

    /// darktable's colour labels as exiftool reads them; nil when absent.
    private func darktableLabels(of file: URL, _ scratch: Scratch) throws -> [String]? {
        try list("XMP-darktable:colorlabels", of: file, options: ["-config", Self.darktableConfig(in: scratch).path])
    }

    /// A list tag's values as exiftool reads them, in order; nil when
    /// absent. Read as JSON, where a list is an array whatever its items hold.
    private func list(_ tag: String, of file: URL, options: [String] = []) throws -> [String]? {
        let json = try ExifTool.run(options + ["-j", "-\(tag)", file.path])
        let objects = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        guard let value = objects?.first?.first(where: { $0.key != "SourceFile" })?.value else { return nil }
        return (value as? [Any] ?? [value]).map { "\($0)" }
    }

    /// A tag's bytes as the file holds them (exiftool shows control
    /// characters as dots).
    private func raw(_ tag: String, of file: URL) throws -> String {
        try ExifTool.run(["-b", "-\(tag)", file.path])
    }

    /// Every tag exiftool finds but the ones a tag edit writes.
    private func untouchedMetadata(of file: URL) throws -> [String: String] {
        try ExifTool.otherMetadata(of: file).filter { key, _ in
            !Self.tagNames.contains(key.split(separator: ":").last.map(String.init) ?? key)
        }
    }

    // MARK: Reading

    func testLightroomsLabelKeywordsTitleAndCaptionAreReadAsWritten() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("lr.jpg"))
        // Lightroom: the path in lr:hierarchicalSubject, every level of it
        // in dc:subject; a flat keyword only in dc:subject.
        try ExifTool.write(["-XMP-xmp:Label=Red", "-XMP-lr:HierarchicalSubject=Places|Brittany|Finistère",
                            "-XMP-dc:Subject=Places", "-XMP-dc:Subject=Brittany", "-XMP-dc:Subject=Finistère",
                            "-XMP-dc:Subject=beach", "-XMP-dc:Subject=beach, at dawn",
                            "-XMP-dc:Title=Pointe du Raz", "-XMP-dc:Title-fr=La pointe",
                            "-XMP-dc:Description=Le phare, au soir", "-XMP-dc:Description-de=Der Leuchtturm",
                            "-IPTC:Keywords=only in IPTC", "-IPTC:Caption-Abstract=IPTC's caption"], to: photo)
        let metadata = try XCTUnwrap(Imaging.metadata(path: photo.path))
        XCTAssertEqual(metadata.label, "Red")
        XCTAssertEqual(metadata.keywords, ["Places|Brittany|Finistère", "beach", "beach, at dawn"],
                       "the path once, its levels not again, XMP before IPTC")
        XCTAssertEqual(metadata.title, "Pointe du Raz", "the x-default title, not the French one")
        XCTAssertEqual(metadata.caption, "Le phare, au soir", "XMP's description before IPTC's")
    }

    func testIPTCAndEXIFAreReadWhereXMPSaysNothing() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("iptc.jpg"))
        // exiftool writes IPTC in Latin-1 unless told otherwise: accents survive.
        try ExifTool.write(["-IPTC:Keywords=beach", "-IPTC:Keywords=Finistère", "-IPTC:Keywords=beach",
                            "-IPTC:ObjectName=Le phare", "-IPTC:Caption-Abstract=Tête de pont",
                            "-EXIF:ImageDescription=EXIF's"], to: photo)
        var metadata = try XCTUnwrap(Imaging.metadata(path: photo.path))
        XCTAssertEqual(metadata.keywords, ["beach", "Finistère"], "each keyword once")
        XCTAssertEqual(metadata.title, "Le phare")
        XCTAssertEqual(metadata.caption, "Tête de pont")
        XCTAssertNil(metadata.label)

        // A camera's stock description is no caption; a real one further down is.
        try ExifTool.write(["-IPTC:Caption-Abstract=SONY DSC", "-EXIF:ImageDescription=Au soir"], to: photo)
        XCTAssertEqual(Imaging.metadata(path: photo.path)?.caption, "Au soir")
        for stock in ["OLYMPUS DIGITAL CAMERA", "KONICA MINOLTA DIGITAL CAMERA", "  olympus digital camera ",
                      "DCIM\\100MEDIA\\DJI_0001.JPG", "   "] {
            try ExifTool.write(["-IPTC:Caption-Abstract=", "-EXIF:ImageDescription=\(stock)"], to: photo)
            metadata = try XCTUnwrap(Imaging.metadata(path: photo.path))
            XCTAssertNil(metadata.caption, stock)
        }
        XCTAssertEqual(metadata.keywords, ["beach", "Finistère"])
    }

    func testDigiKamsAndDarktablesOwnLabelsAndPathsAreRead() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("dk.jpg"))
        try ExifTool.write(["-XMP-digiKam:TagsList=Places/Brittany/Finistère", "-XMP-digiKam:TagsList=sunset",
                            "-XMP-dc:Subject=Finistère", "-XMP-dc:Subject=sunset"], to: photo)
        XCTAssertEqual(Imaging.metadata(path: photo.path)?.keywords, ["Places|Brittany|Finistère", "sunset"])
        XCTAssertNil(Imaging.metadata(path: photo.path)?.label)
        // digiKam's numbers: 1 red, 2 orange, 3 yellow, 4 green, 5 blue, 6 magenta, 7-9 grays.
        let digiKam: [Int: String?] = [0: nil, 1: "Red", 2: nil, 3: "Yellow", 4: "Green", 5: "Blue", 6: "Purple",
                                       7: nil, 9: nil]
        for (number, label) in digiKam {
            try ExifTool.write(["-XMP-digiKam:ColorLabel=\(number)"], to: photo)
            XCTAssertEqual(Imaging.metadata(path: photo.path)?.label, label, "digiKam's \(number)")
        }

        let dt = try PhotoFixtures.jpeg(at: scratch.path("dt.jpg"))
        for (labels, label) in [([2, 4], "Green"), ([0], "Red"), ([1], "Yellow"), ([3], "Blue"), ([4], "Purple")] {
            try writeDarktableLabels(labels, to: dt, scratch)
            XCTAssertEqual(Imaging.metadata(path: dt.path)?.label, label, "darktable's \(labels)")
        }
        // Lightroom's tag comes first, and other text in it is kept as it is.
        try ExifTool.write(["-XMP-xmp:Label=  To print  "], to: dt)
        XCTAssertEqual(Imaging.metadata(path: dt.path)?.label, "To print")
    }

    func testASidecarsTagsAreRead() throws {
        let scratch = Scratch()
        let sidecar = scratch.path("IMG_0001.CR2.xmp")
        try ExifTool.run(["-q", "-XMP-xmp:Label=Yellow", "-XMP-lr:HierarchicalSubject=Animals|Birds|Gannet",
                          "-XMP-dc:Subject=Animals", "-XMP-dc:Subject=Birds", "-XMP-dc:Subject=Gannet",
                          "-XMP-dc:Subject=sea", "-XMP-dc:Title=Fou de Bassan", "-XMP-dc:Description=Aux Sept-Îles",
                          sidecar.path])
        let metadata = try XCTUnwrap(Imaging.metadata(path: sidecar.path))
        XCTAssertEqual(metadata.label, "Yellow")
        XCTAssertEqual(metadata.keywords, ["Animals|Birds|Gannet", "sea"])
        XCTAssertEqual(metadata.title, "Fou de Bassan")
        XCTAssertEqual(metadata.caption, "Aux Sept-Îles")
    }

    func testLongTextIsCutShortNotRefused() throws {
        let scratch = Scratch()
        // A sidecar: a JPEG's XMP segment would not hold this much.
        let sidecar = scratch.path("long.xmp")
        // More than a reply may carry of each: the decoder cuts them, on a
        // character and on a whole keyword, and the app takes the answer.
        let keywords = (0..<3000).map { String(format: "keyword-%04d", $0) }
        try ExifTool.run(["-q", "-sep", ",", "-XMP-dc:Subject=" + keywords.joined(separator: ","),
                          "-XMP-dc:Title=" + String(repeating: "é", count: 3000),
                          "-XMP-dc:Description=" + String(repeating: "à", count: 9000), sidecar.path])
        let metadata = try XCTUnwrap(Imaging.metadata(path: sidecar.path), "the reply is not refused")
        XCTAssertGreaterThan(metadata.keywords.count, 1000)
        XCTAssertLessThan(metadata.keywords.count, 3000)
        XCTAssertEqual(metadata.keywords, Array(keywords.prefix(metadata.keywords.count)), "whole keywords, in order")
        XCTAssertEqual(metadata.title, String(repeating: "é", count: 1024), "cut on a character")
        XCTAssertEqual(metadata.caption, String(repeating: "à", count: 4096))
    }

    // MARK: Writing

    /// A camera-like JPEG that Lightroom has tagged: EXIF (with a maker
    /// note and a description), IPTC, XMP in other namespaces.
    private func taggedJPEG(_ url: URL) throws -> URL {
        try PhotoFixtures.jpeg(at: url, width: 320, height: 240, tags: PhotoFixtures.cameraTags + [
            ("Exif.Photo.MakerNote", "76 66 1 2 3 4 5 6 7 8"),
        ])
        try ExifTool.write(["-XMP-dc:Creator=Ann", "-XMP-xmp:Rating=3", "-XMP-dc:Title=Old title",
                            "-XMP-dc:Description=Morning", "-IPTC:ObjectName=Old title", "-IPTC:Caption-Abstract=Morning",
                            "-EXIF:ImageDescription=Morning", "-IPTC:By-line=Ann",
                            "-XMP-lr:HierarchicalSubject=Places|Brittany|Finistère",
                            "-XMP-lr:HierarchicalSubject=Places|Brittany|Brest",
                            "-XMP-dc:Subject=Places", "-XMP-dc:Subject=Brittany", "-XMP-dc:Subject=Finistère",
                            "-XMP-dc:Subject=Brest", "-XMP-dc:Subject=beach",
                            "-IPTC:Keywords=Finistère", "-IPTC:Keywords=Brest", "-IPTC:Keywords=beach"], to: url)
        return url
    }

    func testAnEditKeepsXMPIPTCAndEXIFInStepAndEverythingElseAsItWas() throws {
        let scratch = Scratch()
        let photo = try taggedJPEG(scratch.path("IMG_0001.JPG"))
        let original = scratch.path("original.jpg")
        try FileManager.default.copyItem(at: photo, to: original)
        let before = try untouchedMetadata(of: photo)
        XCTAssertNotNil(before["IFD0:Make"])
        XCTAssertNotNil(before["IPTC:By-line"])

        var edit = MetadataEdit(label: "Red", title: "Pointe du Raz", caption: "Le phare, à l'aube")
        edit.addedKeywords = ["Places|Brittany|Finistère|Plogoff", "sunset"]
        edit.removedKeywords = ["beach"]
        try Imaging.writeMetadata(edit, to: photo.path, as: .photo(exif: true))

        XCTAssertEqual(try ExifTool.value("XMP-xmp:Label", of: photo), "Red")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: photo), "Pointe du Raz")
        XCTAssertEqual(try ExifTool.value("IPTC:ObjectName", of: photo), "Pointe du Raz")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Description", of: photo), "Le phare, à l'aube")
        XCTAssertEqual(try ExifTool.value("IPTC:Caption-Abstract", of: photo), "Le phare, à l'aube")
        XCTAssertEqual(try ExifTool.value("EXIF:ImageDescription", of: photo), "Le phare, à l'aube")
        XCTAssertEqual(try list("XMP-lr:HierarchicalSubject", of: photo),
                       ["Places|Brittany|Finistère", "Places|Brittany|Brest", "Places|Brittany|Finistère|Plogoff",
                        "sunset"])
        XCTAssertEqual(try list("XMP-dc:Subject", of: photo),
                       ["Places", "Brittany", "Finistère", "Brest", "Plogoff", "sunset"])
        XCTAssertEqual(try list("IPTC:Keywords", of: photo), ["Finistère", "Brest", "Plogoff", "sunset"],
                       "UTF-8 declared, so exiftool reads the accents back")
        XCTAssertEqual(try raw("IPTC:CodedCharacterSet", of: photo), "\u{1b}%G")
        XCTAssertNil(try ExifTool.value("EXIF:Rating", of: photo), "no rating was written")

        XCTAssertEqual(try untouchedMetadata(of: photo), before, "every other tag is kept")
        XCTAssertTrue(try Imaging.haveSameImageData(original.path, photo.path), "the image data is untouched")
        let metadata = try XCTUnwrap(Imaging.metadata(path: photo.path))
        XCTAssertEqual(metadata.label, "Red")
        XCTAssertEqual(metadata.title, "Pointe du Raz")
        XCTAssertEqual(metadata.caption, "Le phare, à l'aube")
        XCTAssertEqual(metadata.keywords, ["Places|Brittany|Finistère", "Places|Brittany|Brest",
                                           "Places|Brittany|Finistère|Plogoff", "sunset"])
        XCTAssertEqual(metadata.rating, 3, "the rating is kept")
    }

    func testAJPEGWithoutIPTCGetsNoneAndNoNewEXIFDescription() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("plain.jpg"), tags: PhotoFixtures.cameraTags)
        let before = try untouchedMetadata(of: photo)
        try Imaging.writeMetadata(MetadataEdit(title: "Titre", caption: "Légende", addedKeywords: ["Places|Brest"]),
                                  to: photo.path, as: .photo(exif: true))
        XCTAssertEqual(try ExifTool.run(["-s", "-IPTC:all", photo.path]), "", "no IPTC")
        XCTAssertNil(try ExifTool.value("EXIF:ImageDescription", of: photo))
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: photo), "Titre")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Description", of: photo), "Légende")
        XCTAssertEqual(try list("XMP-lr:HierarchicalSubject", of: photo), ["Places|Brest"])
        XCTAssertEqual(try list("XMP-dc:Subject", of: photo), ["Brest"])
        XCTAssertEqual(try untouchedMetadata(of: photo), before)
    }

    func testARemovedPathLeavesASharedLeafAndEmptiedTagsGo() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("paris.jpg"))
        try ExifTool.write(["-XMP-lr:HierarchicalSubject=Places|Texas|Paris",
                            "-XMP-lr:HierarchicalSubject=Places|France|Paris",
                            "-XMP-dc:Subject=Places", "-XMP-dc:Subject=Texas", "-XMP-dc:Subject=France",
                            "-XMP-dc:Subject=Paris", "-IPTC:Keywords=Paris"], to: photo)
        try Imaging.writeMetadata(MetadataEdit(removedKeywords: ["Places|France|Paris"]), to: photo.path,
                                  as: .photo(exif: false))
        XCTAssertEqual(try list("XMP-lr:HierarchicalSubject", of: photo), ["Places|Texas|Paris"])
        XCTAssertEqual(try list("XMP-dc:Subject", of: photo), ["Places", "Texas", "Paris"],
                       "Paris stays (Texas has one); France was only the removed path's")
        XCTAssertEqual(try list("IPTC:Keywords", of: photo), ["Paris"])
        XCTAssertEqual(Imaging.metadata(path: photo.path)?.keywords, ["Places|Texas|Paris"])

        try Imaging.writeMetadata(MetadataEdit(removedKeywords: ["Places|Texas|Paris"]), to: photo.path,
                                  as: .photo(exif: false))
        XCTAssertNil(try list("XMP-lr:HierarchicalSubject", of: photo), "an emptied tag is removed")
        XCTAssertNil(try list("XMP-dc:Subject", of: photo))
        XCTAssertNil(try list("IPTC:Keywords", of: photo))
        XCTAssertEqual(Imaging.metadata(path: photo.path)?.keywords, [])

        // A flat keyword that only dc:subject and IPTC have.
        try ExifTool.write(["-XMP-dc:Subject=beach", "-XMP-dc:Subject=sea", "-IPTC:Keywords=beach",
                            "-IPTC:Keywords=sea"], to: photo)
        try Imaging.writeMetadata(MetadataEdit(removedKeywords: ["beach"]), to: photo.path, as: .photo(exif: false))
        XCTAssertEqual(try list("XMP-dc:Subject", of: photo), ["sea"])
        XCTAssertEqual(try list("IPTC:Keywords", of: photo), ["sea"])
        XCTAssertNil(try list("XMP-lr:HierarchicalSubject", of: photo))
    }

    func testLabelsAreKeptInStepWithDigiKamAndDarktableAndClearingRemovesEverything() throws {
        let scratch = Scratch()
        let photo = try taggedJPEG(scratch.path("labels.jpg"))
        try ExifTool.write(["-XMP-xmp:Label=Red", "-XMP-digiKam:ColorLabel=1"], to: photo)
        try writeDarktableLabels([0, 2], to: photo, scratch)

        try Imaging.writeMetadata(MetadataEdit(label: "Blue"), to: photo.path, as: .photo(exif: true))
        XCTAssertEqual(try ExifTool.value("XMP-xmp:Label", of: photo), "Blue")
        XCTAssertEqual(try ExifTool.value("XMP-digiKam:ColorLabel", of: photo), "5")
        XCTAssertEqual(try darktableLabels(of: photo, scratch), ["3"], "darktable's sequence is the one label")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: photo), "Old title", "the title is left")

        try Imaging.writeMetadata(MetadataEdit(label: "", title: "", caption: ""), to: photo.path,
                                  as: .photo(exif: true))
        for tag in ["XMP-xmp:Label", "XMP-dc:Title", "IPTC:ObjectName", "XMP-dc:Description", "IPTC:Caption-Abstract",
                    "EXIF:ImageDescription"] {
            XCTAssertNil(try ExifTool.value(tag, of: photo), "\(tag) is removed")
        }
        XCTAssertEqual(try ExifTool.value("XMP-digiKam:ColorLabel", of: photo), "0", "digiKam's none")
        XCTAssertNil(try darktableLabels(of: photo, scratch))
        let metadata = try XCTUnwrap(Imaging.metadata(path: photo.path))
        XCTAssertNil(metadata.label)
        XCTAssertNil(metadata.title)
        XCTAssertNil(metadata.caption)
        XCTAssertEqual(metadata.keywords, ["Places|Brittany|Finistère", "Places|Brittany|Brest", "beach"],
                       "keywords nobody asked to change stay")
        XCTAssertEqual(try ExifTool.value("IPTC:By-line", of: photo), "Ann")
    }

    func testLatin1IPTCBecomesUTF8WhenIPTCIsWritten() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("latin1.jpg"))
        // exiftool writes these in Latin-1, declaring no character set.
        try ExifTool.write(["-IPTC:By-line=Müller", "-IPTC:Keywords=Café"], to: photo)
        try Imaging.writeMetadata(MetadataEdit(addedKeywords: ["Crêpe"]), to: photo.path, as: .photo(exif: false))
        XCTAssertEqual(try raw("IPTC:CodedCharacterSet", of: photo), "\u{1b}%G")
        XCTAssertEqual(try ExifTool.value("IPTC:By-line", of: photo), "Müller", "the older text is UTF-8 too")
        XCTAssertEqual(try list("IPTC:Keywords", of: photo), ["Café", "Crêpe"])
        XCTAssertEqual(try list("XMP-dc:Subject", of: photo), ["Café", "Crêpe"], "IPTC's keywords reach XMP")
        XCTAssertEqual(Imaging.metadata(path: photo.path)?.keywords, ["Crêpe", "Café"])
    }

    func testSidecarsTakeXMPOnly() throws {
        let scratch = Scratch()
        let photo = try taggedJPEG(scratch.path("IMG_0002.JPG"))
        let bytes = try Data(contentsOf: photo)
        let sidecar = scratch.path("IMG_0002.JPG.xmp")
        var edit = MetadataEdit(rating: 4, exifRating: true, label: "Green", title: "Titre", caption: "Légende")
        edit.addedKeywords = ["Places|Brittany|Finistère", "sunset"]
        try Imaging.writeMetadata(edit, to: sidecar.path, as: .newSidecar(photo: photo.path))
        XCTAssertEqual(try Data(contentsOf: photo), bytes, "the photo is not touched")
        XCTAssertEqual(try ExifTool.run(["-s", "-IPTC:all", "-EXIF:all", sidecar.path]), "", "XMP only")
        XCTAssertEqual(try ExifTool.value("XMP-xmp:Rating", of: sidecar), "4")
        XCTAssertEqual(try ExifTool.value("XMP-xmp:Label", of: sidecar), "Green")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: sidecar), "Titre")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Description", of: sidecar), "Légende")
        XCTAssertEqual(try list("XMP-lr:HierarchicalSubject", of: sidecar), ["Places|Brittany|Finistère", "sunset"])
        XCTAssertEqual(try list("XMP-dc:Subject", of: sidecar), ["Finistère", "sunset"])

        try Imaging.writeMetadata(MetadataEdit(removedKeywords: ["sunset"]), to: sidecar.path, as: .sidecar)
        let metadata = try XCTUnwrap(Imaging.metadata(path: sidecar.path))
        XCTAssertEqual(metadata.keywords, ["Places|Brittany|Finistère"])
        XCTAssertEqual(metadata.label, "Green")
        XCTAssertEqual(try ExifTool.run(["-s", "-IPTC:all", "-EXIF:all", sidecar.path]), "")

        // Nothing to change: no sidecar is made.
        let none = scratch.path("none.xmp")
        try Imaging.writeMetadata(MetadataEdit(exifRating: true), to: none.path, as: .newSidecar(photo: photo.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: none.path))
    }

    // MARK: The protocol

    /// Sends an edit request to a decoder as given, with the photo.
    private func sendRaw(_ pool: DecoderPool, _ photo: URL, kind: UInt32 = UInt32(LB_KIND_EDIT), edits: UInt32,
                         added: Int32 = 0, removed: Int32 = 0, payload: [UInt8],
                         declaredLength: UInt32? = nil) throws(ImageError) {
        let fd = open(photo.path, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        var request = LbRequest()
        request.kind = kind
        request.edits = edits
        request.max_bytes = 1 << 30
        request.payload_length = declaredLength ?? UInt32(payload.count)
        request.added_count = added
        request.removed_count = removed
        var result = try pool.exchange(.background) { decoder, timeout, result in
            payload.withUnsafeBytes { lb_decoder_send_raw(decoder, fd, &request, $0.baseAddress, $0.count, timeout, &result) }
        }
        lb_decoder_result_clear(&result)
    }

    func testAMalformedEditRequestIsRefusedAndTheDecoderServesOn() throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("a.jpg"), tags: PhotoFixtures.cameraTags)
        let bytes = try Data(contentsOf: photo)
        let pool = DecoderPool(.standard())
        let label = UInt32(LB_EDIT_LABEL)
        let malformed: [(String, () throws(ImageError) -> Void)] = [
            ("a string without its NUL", { () throws(ImageError) in
                try self.sendRaw(pool, photo, edits: label, payload: Array("Red".utf8)) }),
            ("a string that is not UTF-8", { () throws(ImageError) in
                try self.sendRaw(pool, photo, edits: label, payload: [0x52, 0xff, 0x64, 0]) }),
            ("fewer strings than counted", { () throws(ImageError) in
                try self.sendRaw(pool, photo, edits: label, added: 2, payload: Array("Red\0sunset\0".utf8)) }),
            ("bytes after the strings", { () throws(ImageError) in
                try self.sendRaw(pool, photo, edits: label, payload: Array("Red\0junk".utf8)) }),
            ("a length that is not the payload's", { () throws(ImageError) in
                try self.sendRaw(pool, photo, edits: label, payload: Array("Red\0".utf8), declaredLength: 40) }),
            ("an edit nobody knows", { () throws(ImageError) in
                try self.sendRaw(pool, photo, edits: 1 << 12, payload: []) }),
            ("a negative count", { () throws(ImageError) in
                try self.sendRaw(pool, photo, edits: 0, removed: -1, payload: []) }),
            ("too many keywords", { () throws(ImageError) in
                try self.sendRaw(pool, photo, edits: 0, added: LB_MAX_EDIT_KEYWORDS + 1,
                                 payload: Array(repeating: 0, count: Int(LB_MAX_EDIT_KEYWORDS) + 1)) }),
            ("a payload on a metadata request", { () throws(ImageError) in
                try self.sendRaw(pool, photo, kind: UInt32(LB_KIND_METADATA), edits: 0, payload: Array("x\0".utf8)) }),
        ]
        for (what, send) in malformed {
            do throws(ImageError) {
                try send()
                XCTFail("\(what): accepted")
            } catch {
                XCTAssertEqual(error.kind, .file, "\(what): refused, not a broken decoder (\(error.message))")
                XCTAssertTrue(error.message.hasSuffix("request is malformed."), "\(what): \(error.message)")
            }
        }
        // Longer than the decoder takes: it stops rather than read part of it.
        do throws(ImageError) {
            try sendRaw(pool, photo, edits: label, payload: Array(repeating: 0x61, count: Int(LB_MAX_REQUEST_PAYLOAD) + 100) + [0])
            XCTFail("an oversized request was accepted")
        } catch {
            XCTAssertEqual(error.kind, .decoderCrashed, error.message)
        }
        XCTAssertEqual(try Data(contentsOf: photo), bytes)
        // The app itself refuses what would not fit, before sending it.
        XCTAssertThrowsError(try pool.edit(path: photo.path, MetadataEdit(caption: String(repeating: "x", count: 70_000)))) {
            XCTAssertEqual(($0 as? ImageError)?.kind, .file)
        }
        // And the pool goes on editing.
        let edited = try pool.edit(path: photo.path, MetadataEdit(label: "Red", addedKeywords: ["a|b"]))
        XCTAssertGreaterThan(edited.length, bytes.count)
    }
}
