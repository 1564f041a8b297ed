"""Notebook previews of a report: its first pages as PNG images in HTML.

The PDF is laid out in memory and its pages rendered with pypdfium2 (Google's
PDFium, the renderer of Chrome; an optional dependency, ``pip install
"evalplots[notebook]"``). Without it the preview says how to get it.
"""

import base64
import io
from xml.sax.saxutils import escape

#: Rendering resolution (pixels per inch): an A4 page is 621 pixels wide, shown
#: at half that on the screen, so it stays sharp on high-density displays.
PREVIEW_DPI = 75
_SHOWN_WIDTH = 310  # CSS pixels per page


def preview_html(report, *, max_pages=4):
    """HTML showing the first ``max_pages`` pages of ``report`` side by side.

    Parameters
    ----------
    report : Report
        The report to lay out (it is not saved anywhere).
    max_pages : int, default=4
        Pages rendered; further pages are counted ("… 3 more pages").

    Returns
    -------
    html : str
        A ``<div>`` with one base64 PNG ``<img>`` per page, or, when pypdfium2
        is not installed, the title, the page count and how to install it.

    Raises
    ------
    ValueError
        If ``max_pages`` is not a positive int.

    Notes
    -----
    Each call lays the report out again, so it shows the report as it is now.

    Examples
    --------
    >>> from evalplots.report import Report
    >>> html = preview_html(Report("R").add_heading("Results"))
    >>> html.startswith("<div") and "R" in html
    True
    """
    if not isinstance(max_pages, int) or isinstance(max_pages, bool) or max_pages < 1:
        raise ValueError(f"max_pages must be a positive int, got {max_pages!r}.")
    buffer = io.BytesIO()
    n_pages = report._build(buffer)
    title = f"<p><b>{escape(report.title)}</b>: {n_pages} page{'s' * (n_pages != 1)}"
    try:
        import pypdfium2 as pdfium  # optional: the [notebook] extra
    except ImportError:
        return (f"<div>{title}. Page previews need pypdfium2: "
                f"<code>pip install \"evalplots[notebook]\"</code>; or save the report "
                f"with <code>.save(path)</code> and open the PDF.</p></div>")
    images = []
    pdf = pdfium.PdfDocument(buffer.getvalue())
    try:
        for i in range(min(n_pages, max_pages)):
            page = pdf[i]
            image = page.render(scale=PREVIEW_DPI / 72).to_pil()
            page.close()
            png = io.BytesIO()
            image.save(png, format="PNG", optimize=True)
            images.append(
                f'<img src="data:image/png;base64,{base64.b64encode(png.getvalue()).decode()}" '
                f'width="{_SHOWN_WIDTH}" alt="page {i + 1} of {n_pages}" '
                f'style="border: 1px solid #ccc; margin: 0 8px 8px 0"/>')
    finally:
        pdf.close()
    more = n_pages - len(images)
    tail = (f'<p>… {more} more page{"s" * (more != 1)}</p>' if more else "")
    return (f"<div>{title}</p><div style=\"display: flex; flex-wrap: wrap\">"
            f"{''.join(images)}</div>{tail}</div>")
