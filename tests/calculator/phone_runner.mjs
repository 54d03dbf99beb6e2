// The phone's Python in Node, for tests/calculator/test_phone.py: Pyodide as the phone gets it
// (static/phone/pyodide/, its standard library compiled by `make`), the site's bundle
// (calculator/phone/bundle.py) unpacked as the phone's worker unpacks it
// (templates/phone-worker.js), with the bytecode a phone kept if one is given, then one JSON
// line in, one JSON line out:
// {"call": "boot", "host", "secure"} | {"call": "load", "rows", "language"} | {"call": "request", "method", "url",
// "body"} | {"call": "run", "code": "..."} (the value of the code's last expression, as text) |
// {"call": "bytecode", "path"} (the bytecode as the worker keeps it, written to a file here).
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";

const [pyodideDir, bundlePath, bytecodePath] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.unpackArchive(new Uint8Array(readFileSync(bundlePath)), "zip", { extractDir: "/app" });
pyodide.runPython("import sys; sys.path.insert(0, '/app')");
const runtime = pyodide.pyimport("calculator.phone.runtime");
runtime.prepare();
if (bytecodePath) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(bytecodePath)), "zip", { extractDir: "/app" });
}

function answer(line) {
  const asked = JSON.parse(line);
  switch (asked.call) {
    case "boot":
      runtime.boot(asked.host, asked.secure);
      return null;
    case "load":
      return runtime.load(asked.rows, asked.language);
    case "request":
      return JSON.parse(runtime.request(asked.method, asked.url, asked.body || "", "{}"));
    case "run":
      return String(pyodide.runPython(asked.code));
    case "bytecode": {
      const count = runtime.bytecode("/bytecode.zip");
      writeFileSync(asked.path, pyodide.FS.readFile("/bytecode.zip"));
      return count;
    }
    default:
      throw new Error("unknown call " + asked.call);
  }
}

process.stdout.write(JSON.stringify({ ready: true }) + "\n");
for await (const line of createInterface({ input: process.stdin })) {
  let out;
  try {
    out = { value: answer(line) };
  } catch (error) {
    out = { error: String(error) };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
