"""The standard report's provenance: a compact table ending the summary, and the
same facts in the PDF's document information."""

from evalplots.metrics._format import format_threshold
from evalplots.report._provenance import Provenance, report_date

__all__ = ["provenance_entries", "provenance_section"]

#: entries whose text is a number with thousands separators
_NUMBERS = {"InputRows", "BootstrapResamples"}


def provenance_entries(ev, provenance, *, ci, invariant):
    """``{metadata key: (label, text)}`` of a report, in the table's order.

    The keys name the PDF's document-information entries; the labels and
    texts make the table (numbers with thousands separators, which the
    metadata drops). Facts nobody gave (no input file) are left out.
    """
    p = Provenance() if provenance is None else provenance
    date = p.date if p.date is not None else report_date(invariant)
    entries = {"ReportDate": ("Date", date.strftime("%Y-%m-%d %H:%M %Z").strip())}
    if p.input_name is not None:
        entries["InputFile"] = ("Input", p.input_name)
    if p.input_sha256 is not None:
        entries["InputSHA256"] = ("Input SHA-256", p.input_sha256)
    rows = p.input_rows if p.input_rows is not None else ev.n_samples
    entries["InputRows"] = ("Rows read" if p.input_rows is not None else "Samples",
                            f"{rows:,}")
    if p.command_line is not None:
        entries["CommandLine"] = ("Command line", p.command_line)
    if ev.task == "binary":
        entries["Threshold"] = ("Decision threshold",
                                format_threshold(ev.threshold, precise=True))
        entries["PosLabel"] = ("Positive class", repr(ev.pos_label)
                               + ("" if ev.pos_name == str(ev.pos_label)
                                  else f" ('{ev.pos_name}')"))
    options = ev.interval_options
    if ci:
        entries["ConfidenceLevel"] = ("Confidence level", f"{options.confidence_level:g}")
        entries["BootstrapResamples"] = ("Bootstrap resamples", f"{options.n_resamples:,}")
        entries["BootstrapSeed"] = ("Bootstrap seed", str(options.random_state))
    else:
        entries["ConfidenceLevel"] = ("Confidence intervals", "off")
    for name, version in p.versions.items():
        entries[f"{name.capitalize()}Version"] = (name, version)
    return entries


def provenance_section(report, ev, provenance, *, ci, invariant):
    """Append the provenance table to ``report`` and write it into the PDF metadata.

    The section is movable (:meth:`Report.add_section`): added after the metrics,
    it comes before them when they leave it room on the page before.

    ``provenance`` is a :class:`~evalplots.report.Provenance` or None (then only
    what the library knows: software versions, date, the evaluation's options).
    The table is compact (one row per kind of fact); the metadata keeps each
    fact in an entry of its own.
    """
    entries = provenance_entries(ev, provenance, ci=ci, invariant=invariant)
    text = {k: t for k, (_, t) in entries.items()}
    rows = [["Date", text["ReportDate"]]]
    if "InputFile" in text:
        rows.append(["Input", f"{text['InputFile']}, {text['InputRows']} rows read"])
    else:
        rows.append(["Input", f"{text['InputRows']} samples (no file named)"])
    if "InputSHA256" in text:
        rows.append(["SHA-256", text["InputSHA256"]])
    if "CommandLine" in text:
        rows.append(["Command", text["CommandLine"]])
    intervals = (f"level {text['ConfidenceLevel']}, {text['BootstrapResamples']} "
                 f"resamples, seed {text['BootstrapSeed']}" if ci else "off")
    if ev.task == "binary":  # one row: the summary page has little room to spare
        rows.append(["Settings", f"threshold {text['Threshold']}, positive class "
                                 f"{text['PosLabel']}; intervals: {intervals}"])
    else:
        rows.append(["Settings", f"intervals: {intervals}"])
    rows.append(["Software", ", ".join(f"{entries[k][0]} {t}" for k, t in text.items()
                                       if k.endswith("Version"))])
    report.add_section("Provenance", level=1, movable=True)
    report.add_table(rows, caption="Also in the PDF's document properties.")
    report.add_metadata({k: t.replace(",", "") if k in _NUMBERS else t
                         for k, t in text.items()},
                        keywords=["evaluation report", ev.task, *ev.model_names])
    return report
