"""The README's Python examples run, and print the numbers the README shows."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _python_block(containing):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    (block,) = [b for b in blocks if containing in b]
    return block


def test_interval_and_comparison_example_prints_the_readme_numbers():
    block = _python_block("delong_test(y, a, b)")
    printed = []
    exec(block, {"print": lambda *args: printed.append(" ".join(map(str, args)))})  # noqa: S102
    assert printed[0] == "0.995 [0.990, 1.000]"
    assert printed[1] == "0.995 [0.986, 0.998]"
    assert printed[2] == "0.994 [0.985, 0.998]"
    assert "difference = 0.019 [0.008, 0.029]" in printed[3]
    assert "z = 3.40, p = 0.0007" in printed[3]
    assert "b = 28, c = 5" in printed[4] and "p = 0.0001" in printed[4]
    # and each comment in the README says what its line prints
    for line, out in zip(
        [ln for ln in block.splitlines() if ln.startswith("print(")], printed, strict=True
    ):
        shown = line.split("#", 1)[1].strip().split(",")[0].split(";")[0]
        if shown[0].isdigit():
            assert out.startswith(shown), (line, out)
