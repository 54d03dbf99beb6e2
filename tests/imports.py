"""What the project's modules import, read from their source (nothing is imported to find out).

For each module under a package (calculator/, rules/, belot_site/), the modules it imports
anywhere, inside functions too (a lazy import is still a dependency); only ``if TYPE_CHECKING:``
blocks are left out. Relative imports are made absolute, and ``from package import name`` counts
as an import of ``package.name`` where that is a module of the project.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(*packages: str) -> dict[str, Path]:
    """Every module of ``packages`` (dotted names, "calculator.engine"), by name; migrations and
    templates left out."""
    found = {}
    for package in packages:
        folder = ROOT.joinpath(*package.split("."))
        for path in sorted(folder.rglob("*.py")):
            if "migrations" not in path.relative_to(ROOT).parts:
                found[module_name(path)] = path
    return found


def imports(path: Path, known=None) -> set[str]:
    """The modules the module at ``path`` imports; ``known`` (names of the project's modules,
    all of calculator/, rules/ and belot_site/ by default) tells ``from package import module``
    from ``from module import name``."""
    known = PROJECT if known is None else known
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            found |= _targets(node, package, known)
    return found


def _nodes(tree):
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        yield node
        yield from _nodes(node)


def _targets(node: ast.ImportFrom, package: str, known) -> set[str]:
    if node.level:
        parts = package.split(".")
        base = parts[: len(parts) - node.level + 1]
        target = ".".join([*base, node.module] if node.module else base)
    else:
        target = node.module
    return {f"{target}.{a.name}" if f"{target}.{a.name}" in known else target for a in node.names}


PROJECT = set(modules("calculator", "rules", "belot_site"))
