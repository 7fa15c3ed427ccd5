"""Lists the DYN_* environment variables a Dynamo runtime package reads, one per line, sorted.

    python3 runtime-env.py <site-packages>/dynamo > runtime-env.txt

Sources: every Python file of the package (tests excluded) and the strings of its Rust extension
(_core.abi3.so, via `strings`). Rust packs string literals back to back with no separator, so a
name read from the binary can carry the start of the next literal; the rules below undo that and
print what they dropped or changed on stderr, for review when the runtime version changes:
  - a name followed by a lowercase letter ("DYN_TOKENIZERU" + "nrecognized ...") loses its last
    letter, which starts the next word, when the shorter name also occurs on its own;
  - 16- and 32-byte pieces of a longer name (the compiler compares long literals in chunks) go;
  - a name that is another name plus a short uppercase tail (<= 4 characters, not starting with
    "_": "DYN_ENABLE_RL" + "CLI") goes;
  (the last two spare names found in the Python sources or seen whole in the binary: at the end of
  a string or right before the next DYN_ name);
  - GLUED below: names glued to a following non-DYN literal, checked by hand for ai-dynamo 1.6.1.
Names ending in "_" are prefixes (the runtime maps DYN_RUNTIME_*, DYN_SYSTEM_*, ... onto its
configuration's fields): they go to stderr, not to the list. Names the code builds at run time
(format strings) cannot be found this way.
"""

import re
import subprocess
import sys
from pathlib import Path

# Seen in ai-dynamo-runtime 1.6.1's _core.abi3.so: name + the next literal (an env name that is not
# DYN_*, or a help text), with the name it really is.
GLUED = {
    "DYN_REQUEST_PLANENATS_SERVER": "DYN_REQUEST_PLANE",
    "DYN_REQUEST_TRACE_S3_BUCKETOTEL_SERVICE_NAMEMODEL_EXPRESS_URLS": "DYN_REQUEST_TRACE_S3_BUCKET",
    "DYN_SIDECAR_GRPC_CONNECTIONSGRPC_CONNECT_ATTEMPT_TIMEOUT_SECSM": "DYN_SIDECAR_GRPC_CONNECTIONS",
    "DYN_SIDECAR_GRPC_CONNECT_ATTEMPT_TIMEOUT_SECSGRPC_RETRY_INTERVAL_SECSD": "DYN_SIDECAR_GRPC_CONNECT_ATTEMPT_TIMEOUT_SECS",
    "DYN_SIDECAR_GRPC_RETRY_INTERVAL_SECSGRPC_STARTUP_DEADLINE_SECSM": "DYN_SIDECAR_GRPC_RETRY_INTERVAL_SECS",
    "DYN_SIDECAR_GRPC_STARTUP_DEADLINE_SECSCLI": "DYN_SIDECAR_GRPC_STARTUP_DEADLINE_SECS",
    "DYN_LOGGING_SPAN_EVENTSH": "DYN_LOGGING_SPAN_EVENTS",  # + "HealthStatus"
    "DYN_REQUEST_PLANE_CODECF": "DYN_REQUEST_PLANE_CODEC",  # + "F..." (a message)
}
# Not read by anything: a docstring's example.
EXAMPLES = {"DYN_FOO"}
NAME = re.compile(r"DYN_[A-Z0-9_]*")


def python_names(pkg: Path) -> set[str]:
    names: set[str] = set()
    for f in pkg.rglob("*.py"):
        if "tests" in f.relative_to(pkg).parts:
            continue
        names |= set(re.findall(r"\bDYN_[A-Z0-9_]*\b", f.read_text(errors="replace")))
    return names


def binary_names(so: Path, known: set[str], whole: set[str], trimmed: set[tuple[str, str]]) -> set[str]:
    text = subprocess.run(["strings", "-n", "4", str(so)], capture_output=True, text=True, check=True).stdout
    found: list[tuple[str, str]] = []
    for line in text.splitlines():
        for piece in line.replace("DYN_", "\0DYN_").split("\0"):
            m = NAME.match(piece)
            if m:
                found.append((m.group(0), piece[m.end() : m.end() + 1]))
    # Seen followed by no other character, or by the next DYN_ name: certainly whole.
    whole.update(name for name, nxt in found if nxt == "")
    loose = {name for name, nxt in found if not nxt.isalnum()}
    names: set[str] = set()
    for name, nxt in found:
        if nxt.islower() and name not in known and name[:-1] in loose:
            trimmed.add((name, name[:-1]))
            name = name[:-1]
        names.add(GLUED.get(name, name))
    return names


def main(pkg: Path) -> None:
    py = python_names(pkg)
    whole: set[str] = set()
    trimmed: set[tuple[str, str]] = set()
    names = py | binary_names(pkg / "_core.abi3.so", py, whole, trimmed)
    for name, short in sorted(trimmed):
        print(f"tail letter dropped: {name} -> {short}", file=sys.stderr)
    sure = py | whole
    for prefix in sorted(n for n in names if n.endswith("_")):
        print(f"prefix: {prefix}", file=sys.stderr)
    names = {n for n in names if not n.endswith("_")} - EXAMPLES
    chunks = {n for n in names - sure if len(n) in (16, 32) and any(o != n and o.startswith(n) for o in names)}
    tails = {
        n
        for n in names - sure
        if any(o != n and n.startswith(o) and len(n) - len(o) <= 4 and n[len(o)] != "_" for o in names)
    }
    for n in sorted(chunks):
        print(f"chunk of a longer name dropped: {n}", file=sys.stderr)
    for n in sorted(tails):
        print(f"glued tail dropped: {n}", file=sys.stderr)
    for n in sorted(names - chunks - tails):
        print(n)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: runtime-env.py <path of the installed dynamo package>")
    main(Path(sys.argv[1]))
