"""Render the README's pictures of the sample report (run by hand, not a test).

    python docs/make_report_images.py

Builds the standard report of the bundled binary sample (as ``evalplots report``
does), renders its pages with pypdfium2 (in the test extra) and writes

- ``docs/report_pages.png``: every page side by side, small (the README's tour);
- ``docs/report_page_pr.png``: the precision-recall page, readable.

Regenerate them when the report's pages change, in the same commit.
"""

import pathlib
import tempfile

import pypdfium2
from PIL import Image
from pypdf import PdfReader

from evalplots.datasets import load_breast_cancer_predictions
from evalplots.report import evaluation_report

DOCS = pathlib.Path(__file__).resolve().parent


def main():
    data = load_breast_cancer_predictions()
    report = evaluation_report(data.y_true, data.scores, pos_label=1,
                               label_names=data.label_names,
                               description=data.description, invariant=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = report.save(pathlib.Path(tmp) / "sample.pdf")
        pdf = pypdfium2.PdfDocument(str(path))
        small = [page.render(scale=45 / 72).to_pil().convert("RGB") for page in pdf]
        reader = PdfReader(path)
        pr_index = next(reader.get_destination_page_number(o) for o in reader.outline
                        if not isinstance(o, list) and o.title == "Precision-recall curves")
        pdf[pr_index].render(scale=100 / 72).to_pil().convert("RGB").save(
            DOCS / "report_page_pr.png", optimize=True)
        pdf.close()
    w, h = small[0].size
    cols = 4
    rows = -(-len(small) // cols)
    sheet = Image.new("RGB", (cols * w + (cols + 1) * 8, rows * h + (rows + 1) * 8), "#d0d0d0")
    for i, page in enumerate(small):
        sheet.paste(page, (8 + (i % cols) * (w + 8), 8 + (i // cols) * (h + 8)))
    sheet.save(DOCS / "report_pages.png", optimize=True)
    print(f"wrote {DOCS / 'report_pages.png'} ({len(small)} pages) and "
          f"{DOCS / 'report_page_pr.png'}")


if __name__ == "__main__":
    main()
