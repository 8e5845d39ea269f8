"""Text from a run made safe to show an agent: one line, control characters and terminal escapes
out, secrets redacted, capped, quoted as data (``> `` lines). Pure: shared by the prompt's parts
(``tianluo.views.prompt``, ``tianluo.views.prompt_fault``).
"""


from tianluo.core.layers import layer_facts
from tianluo.core.layers import stamp as when
from tianluo.models.model import Diagnosis
from tianluo.plaintext import CONTROL_RUNS, ESCAPES, valid
from tianluo.redact import secret_name, shapes

MAX_LINE = 300  # one quoted line



def clean(text: object, cap: int = MAX_LINE) -> str:
    """``text`` as one plain line: control characters out, secrets redacted, at most ``cap`` characters."""
    s = str(text)[: cap * 4]  # redaction runs on bounded input; a token cut here lies past the cap anyway
    s = CONTROL_RUNS.sub(" ", ESCAPES.sub("", s))
    s = shapes(valid(s))
    s = s.strip()
    return s if len(s) <= cap else s[: cap - 1] + "…"


def params_text(params: dict) -> str:
    return ", ".join(f"{clean(k, 64)}={'[redacted]' if secret_name(k) else clean(v, 80)}"
                     for k, v in sorted(params.items()))


def quote(label: str, text: object, cap: int = MAX_LINE) -> str:
    return f"> {label}: {clean(text, cap)}"


def layer_lines(d: Diagnosis | None, log_lines: bool = True, disks: list[str] | None = None) -> list[str]:
    """The five layers (``layers.layer_facts``) as quoted data lines (``log_lines``: with the latest
    fault lines; ``disks``: the file systems as the caller measured them, instead of the diagnosis's)."""
    return [quote(layer, words) for layer, words in layer_facts(d, log_lines, disks)]


def cap_lines(lines: list[str], cap: int) -> str:
    """The lines, cut at the last whole line that keeps them within ``cap`` bytes of UTF-8 (so characters too)."""
    text = "\n".join(lines)
    data = text.encode()
    if len(data) <= cap:
        return text
    note = f"\n> (cut at {cap:,} characters: see tianluo diagnose --json)"
    head = data[: cap - len(note.encode())].decode("utf-8", errors="ignore")
    return head[: max(head.rfind("\n"), 0)] + note



__all__ = ["MAX_LINE", "cap_lines", "clean", "layer_lines", "params_text", "quote", "secret_name", "when"]
