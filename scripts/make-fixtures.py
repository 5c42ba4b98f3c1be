#!/usr/bin/env python3
"""Writes the sample tree's images and documents (called by make-fixtures.sh)."""
import datetime
import io
import sys
import zipfile
from pathlib import Path

import piexif
from PIL import Image, ImageDraw

out = Path(sys.argv[1])
pics, docs = out / "Pictures", out / "Documents"


def picture(size, color):
    img = Image.new("RGB", size, color)
    ImageDraw.Draw(img).rectangle([size[0] // 4, size[1] // 4, size[0] // 2, size[1] // 2], fill=(255, 255, 255))
    return img


def dms(value):
    value = abs(value)
    d = int(value)
    m = int((value - d) * 60)
    s = round(((value - d) * 60 - m) * 60 * 100)
    return ((d, 1), (m, 1), (s, 100))


# A JPEG from a Canon camera, taken in Paris.
exif = {
    "0th": {piexif.ImageIFD.Make: b"Canon", piexif.ImageIFD.Model: b"Canon EOS 5D Mark IV"},
    "Exif": {piexif.ExifIFD.DateTimeOriginal: b"2023:07:14 18:30:00"},
    "GPS": {
        piexif.GPSIFD.GPSLatitudeRef: b"N", piexif.GPSIFD.GPSLatitude: dms(48.8584),
        piexif.GPSIFD.GPSLongitudeRef: b"E", piexif.GPSIFD.GPSLongitude: dms(2.2945),
    },
}
picture((320, 240), (30, 90, 160)).save(pics / "eiffel.jpg", "JPEG", quality=40, exif=piexif.dump(exif))
# A JPEG that calls itself PNG.
picture((64, 48), (200, 40, 40)).save(pics / "disguised.png", "JPEG", quality=40)
picture((640, 480), (20, 160, 60)).save(pics / "wide.png", "PNG", optimize=True)
frames = [picture((48, 32), c) for c in [(255, 0, 0), (0, 255, 0), (0, 0, 255)]]
frames[0].save(pics / "blink.gif", save_all=True, append_images=frames[1:], duration=200, loop=0)
picture((100, 75), (120, 20, 200)).save(pics / "tile.webp", "WEBP", quality=30)
picture((40, 30), (90, 90, 20)).save(pics / "icon.bmp", "BMP")
picture((50, 40), (10, 10, 10)).save(pics / "scan.tiff", "TIFF", compression="tiff_lzw")

# A three-page PDF with document information.
from reportlab.pdfgen import canvas

pdf = canvas.Canvas(str(docs / "paper.pdf"), pagesize=(300, 400), invariant=1)
pdf.setTitle("Spotlight Search on Linux")
pdf.setAuthor("Frédéric Chopin")
pdf.setSubject("desktop search")
pdf.setKeywords("search, metadata, index")
for page in range(3):
    pdf.drawString(40, 350, f"Page {page + 1}: indexing files by what they are about.")
    pdf.showPage()
pdf.save()

# Office Open XML.
import docx
import openpyxl
import pptx

doc = docx.Document()
doc.core_properties.title = "Quarterly Report"
doc.core_properties.author = "Steve Jobs"
doc.core_properties.keywords = "report, quarterly"
doc.core_properties.created = datetime.datetime(2022, 5, 4, 10, 0, 0)
doc.add_heading("Quarterly Report", 0)
doc.add_paragraph("Numbers went up.")
doc.save(docs / "report.docx")

book = openpyxl.Workbook()
book.properties.title = "Budget 2025"
book.properties.creator = "Zoë Martin"
book.active["A1"] = "Rent"
book.active["B1"] = 1200
book.save(docs / "budget.xlsx")

deck = pptx.Presentation()
deck.core_properties.title = "Launch Plan"
deck.core_properties.author = "Steve Wozniak"
slide = deck.slides.add_slide(deck.slide_layouts[0])
slide.shapes.title.text = "Launch Plan"
deck.save(docs / "launch.pptx")

# OpenDocument text.
from odf.opendocument import OpenDocumentText
from odf import dc, meta, text

odt = OpenDocumentText()
odt.meta.addElement(dc.Title(text="Lettre à Élise"))
odt.meta.addElement(dc.Creator(text="Ludwig van Beethoven"))
odt.meta.addElement(meta.InitialCreator(text="Ludwig van Beethoven"))
odt.text.addElement(text.P(text="Für Elise."))
odt.save(str(docs / "letter.odt"))

# A minimal valid EPUB 3.
with zipfile.ZipFile(docs / "novel.epub", "w") as z:
    z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
    z.writestr("META-INF/container.xml", """<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>""", compress_type=zipfile.ZIP_DEFLATED)
    z.writestr("OEBPS/content.opf", """<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="id">urn:uuid:2f1c7e1e-0000-4000-8000-000000000001</dc:identifier>
    <dc:title>Le Petit Prince</dc:title>
    <dc:creator>Antoine de Saint-Exupéry</dc:creator>
    <dc:language>fr</dc:language>
    <meta property="dcterms:modified">2021-01-01T00:00:00Z</meta>
  </metadata>
  <manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/></manifest>
  <spine><itemref idref="c1"/></spine>
</package>""", compress_type=zipfile.ZIP_DEFLATED)
    z.writestr("OEBPS/c1.xhtml", """<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>I</title></head><body><p>Once upon a time.</p></body></html>""")
    z.writestr("OEBPS/nav.xhtml", """<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Nav</title></head>
<body><nav epub:type="toc"><ol><li><a href="c1.xhtml">I</a></li></ol></nav></body></html>""")

(docs / "trip.html").write_text("""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Trip to Paris &amp; Lyon</title></head>
<body><h1>Itinerary</h1><p>Day one: the Louvre.</p></body>
</html>
""", encoding="utf-8")
(docs / "notes.md").write_text("""# Meeting Notes: Café Design

- search should feel instant
- scopes: audio, video, images
""", encoding="utf-8")
(docs / "plain.txt").write_text("Just some plain text about nothing in particular.\n", encoding="utf-8")
