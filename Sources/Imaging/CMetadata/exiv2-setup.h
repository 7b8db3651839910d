// gexiv2 set up once (exiv2-setup.c): a bottom layer of CMetadata beside
// tag-text.h, which has the picture of the whole. It uses gexiv2 only; the
// files of the interface (metadata-read.c, metadata-write.c,
// metadata-edit.c) call it before they open anything. Not part of the
// module's interface.
#pragma once

// gexiv2_initialize, once per process (it is not safe to call twice at
// once), and the XMP namespaces exiv2 0.27 lacks.
void lb_exiv2_init(void);
