// Pyodide's standard library as the phone gets it: compiled to bytecode once, here, by Pyodide's
// own Python (its bytecode is its version's), instead of on every phone at every start.
//
// The npm package ships the standard library as Python source (python_stdlib.zip): each start of
// the phone compiled every module it imported, some 1.5 s of a 4.5 s start in Node
// (docs/performance.md, "A match kept on the phone"). This writes the same zip with each module
// as an unchecked hash-based .pyc in place of its source (the source is not shipped: a traceback
// through the standard library shows no line of it), the zip stored, not deflated: the server
// sends it brotli-compressed (Makefile), smaller than a deflated zip, and the phone's imports read
// it without inflating.
//
//   node scripts/compile_stdlib.mjs node_modules/pyodide static/phone/pyodide/python_stdlib.zip
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const [pyodideDir, target] = process.argv.slice(2);
if (!pyodideDir || !target) {
  console.error("usage: node scripts/compile_stdlib.mjs <pyodide package> <zip to write>");
  process.exit(2);
}
const { loadPyodide } = await import(resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
pyodide.FS.writeFile("/source.zip", readFileSync(resolve(pyodideDir, "python_stdlib.zip")));
const count = pyodide.runPython(`
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

# Where Pyodide mounts the standard library: the names its modules' code objects carry.
prefix = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"
compiled = 0
with zipfile.ZipFile("/source.zip") as source, zipfile.ZipFile("/compiled.zip", "w") as out:
    for entry in source.infolist():
        data = source.read(entry)
        if entry.filename.endswith(".py"):
            code = compile(data, prefix + entry.filename, "exec", dont_inherit=True)
            data = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            entry = zipfile.ZipInfo(entry.filename + "c", entry.date_time)
            compiled += 1
        else:
            entry.compress_type = zipfile.ZIP_STORED
        out.writestr(entry, data)
compiled
`);
writeFileSync(target + ".part", pyodide.FS.readFile("/compiled.zip"));
renameSync(target + ".part", target);
console.log(`${target}: ${count} modules compiled`);
