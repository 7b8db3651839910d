"""End-to-end tests of what cameras and phones make: a RAW file and a HEIC in the grid, a RAW opened
from the command line, shown from its camera's preview, and rated into its sidecar (checked with
exiftool), the RAW file itself untouched.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import subprocess

import lightbox_a11y as a11y
from lightbox_a11y import find, send_keys, wait_for
from lightbox_case import LightboxTestCase
from test_photos import make_jpeg

RAW_SAMPLES = os.path.join(os.path.dirname(__file__), "..", "Fixtures", "raw_samples.py")


class FormatTests(LightboxTestCase):
    def setUp(self):
        super().setUp()
        self.folder = self.sandbox.path("Card")
        os.makedirs(self.folder)
        self.raw = os.path.join(self.folder, "DSC_0001.NEF")
        subprocess.run(["/usr/bin/python3", RAW_SAMPLES, "nef", self.raw, "--preview", "1024x683"], check=True)
        source = self.sandbox.path("phone.jpg")
        make_jpeg(source, 2)
        subprocess.run(["heif-enc", "-q", "80", source, "-o", os.path.join(self.folder, "IMG_0002.HEIC")],
                       check=True, capture_output=True)
        with open(self.raw, "rb") as f:
            self.raw_bytes = f.read()

    def test_a_raw_opens_from_its_preview_and_its_rating_goes_to_its_sidecar(self):
        app = self.start_app(self.raw)
        photo = app.window("DSC_0001")
        window = app.window("Lightbox")
        self.wait_label(window, "Card \u2014 2 photos")
        find(window, "table cell", "IMG_0002")
        a11y.xdotool("mousemove", "--window", a11y.x_window("DSC_0001"), "200", "300")
        picture = find(photo, "image", "DSC_0001")
        wait_for(lambda: not (picture.description or "").startswith("Cannot"), message=lambda: a11y.describe(picture))
        # The properties say which picture of the RAW is shown.
        send_keys("F9")
        wait_for(lambda: any("The camera\u2019s preview" in t for t in a11y.label_texts(photo, everywhere=True)),
                 message=lambda: f"the properties; labels: {a11y.label_texts(photo, everywhere=True)}")
        send_keys("3")
        wait_for(lambda: (picture.description or "").startswith("Rated 3 stars"), message=lambda: a11y.describe(picture))
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())
        sidecar = self.raw + ".xmp"
        rating = subprocess.run(["exiftool", "-s3", "-n", "-XMP:Rating", sidecar], capture_output=True, text=True,
                                check=True).stdout.strip()
        self.assertEqual(rating, "3", "the rating is in DSC_0001.NEF.xmp")
        with open(self.raw, "rb") as f:
            self.assertEqual(f.read(), self.raw_bytes, "the RAW file is never written")
        self.assertEqual(sorted(os.listdir(self.folder)), ["DSC_0001.NEF", "DSC_0001.NEF.xmp", "IMG_0002.HEIC"])


class PairTests(LightboxTestCase):
    def test_a_raw_and_jpeg_pair_is_one_photo_and_a_rating_goes_to_both_files(self):
        folder = self.sandbox.path("Shoot")
        os.makedirs(folder)
        raw, jpeg = os.path.join(folder, "DSC_0001.NEF"), os.path.join(folder, "DSC_0001.JPG")
        subprocess.run(["/usr/bin/python3", RAW_SAMPLES, "nef", raw, "--preview", "1024x683"], check=True)
        make_jpeg(jpeg, 1)
        make_jpeg(os.path.join(folder, "IMG_0002.jpg"), 2)
        with open(raw, "rb") as f:
            raw_bytes = f.read()
        app, window = self.launch_main_window(folder)
        self.wait_label(window, "Shoot \u2014 2 photos (3 files)")
        # Keys go to the window under the pointer: its title, where no tooltip comes up.
        x_window = a11y.x_window("Lightbox")
        a11y.xdotool("mousemove", "--window", x_window, str(a11y.x_geometry(x_window)[2] // 2), "12")
        wait_for(lambda: any("focused" in a11y.states(find(window, name=n)) for n in ("DSC_0001", "IMG_0002")),
                 message=lambda: a11y.dump_tree(window))
        send_keys("Home")
        cell = find(window, name="DSC_0001")
        if "focused" not in a11y.states(cell):
            send_keys("Right")
        wait_for(lambda: "focused" in a11y.states(find(window, name="DSC_0001")),
                 message=lambda: a11y.dump_tree(window))
        wait_for(lambda: "RAW+JPEG" in (find(window, name="DSC_0001").description or ""),
                 message=lambda: a11y.describe(find(window, name="DSC_0001")))
        send_keys("4")
        wait_for(lambda: (find(window, name="DSC_0001").description or "").startswith("Rated 4 stars, RAW+JPEG"),
                 message=lambda: a11y.describe(find(window, name="DSC_0001")))
        # Its photo window's properties name both files.
        send_keys("Return")
        photo = app.window("DSC_0001")
        a11y.xdotool("mousemove", "--window", a11y.x_window("DSC_0001"), "200", "300")
        send_keys("F9")
        wait_for(lambda: {"DSC_0001.JPG", "DSC_0001.NEF"} <= set(a11y.label_texts(photo, everywhere=True)),
                 message=lambda: f"the properties; labels: {a11y.label_texts(photo, everywhere=True)}")
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())

        def rating(path):
            return subprocess.run(["exiftool", "-s3", "-n", "-XMP:Rating", path], capture_output=True, text=True,
                                  check=True).stdout.strip()
        self.assertEqual(rating(jpeg), "4", "the JPEG, in the file")
        self.assertEqual(rating(raw + ".xmp"), "4", "the RAW, in its sidecar")
        with open(raw, "rb") as f:
            self.assertEqual(f.read(), raw_bytes, "the RAW file is never written")
