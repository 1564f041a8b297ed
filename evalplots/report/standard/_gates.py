"""Page 1's baseline gates: each model's verdict against the model in service."""

from evalplots.evaluation import GateTable

__all__ = ["check_gates", "gates_section"]


def check_gates(gates):
    """``gates`` validated: None or the GateTable of ``ev.baseline_gates(...)``."""
    if gates is not None and not isinstance(gates, GateTable):
        raise ValueError(f"gates must be the GateTable of ev.baseline_gates(...) or None, "
                         f"got {type(gates).__name__}.")
    return gates


def gates_section(report, gates):
    """The verdicts, one paragraph each, after what the test is (none without gates)."""
    if not gates:
        return
    tested = [g.test for g in gates if g.test is not None]
    report.add_heading("Baseline gates", level=1)
    first = gates[0]
    how = (f"{first.metric} of each model against the baseline {first.baseline}, "
           f"one-sided paired DeLong test, Holm-adjusted over {len(gates)} "
           f"model{'s' if len(gates) > 1 else ''}")
    if tested:
        t = tested[0]
        threshold = "beats it by more than" if t.superiority else "falls behind it by less than"
        how += (f": a gate passes when the model {threshold} the margin "
                f"{t.margin:g} ({t.hypothesis}, at {100 * t.confidence_level:g} %).")
    else:
        how += "."
    failed = [g.model for g in gates if not g.passed]
    verdict = ("Every gate passed." if not failed else
               f"Not passed: {', '.join(failed)}.")
    report.add_paragraph(f"{how} {verdict}")
    for gate in gates:
        report.add_paragraph(str(gate))
