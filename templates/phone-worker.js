// The scorer's phone keeps the score without a connection: the site's own Python (the match
// pages, their forms, the engine, the translations) runs here, in Pyodide, off the page's
// thread (calculator/phone/runtime.py, docs/offline.md). No scoring rules in JavaScript: this
// file only carries messages between the page (static/js/phone.js) and that Python.
let pyodide = null;
let runtime = null;
// The bytecode the site's Python compiles to as it is imported, kept by the zip's address (its
// digest): the next start unpacks it instead of compiling again. Dropped with the other caches
// when a new version of the site's service worker takes over.
const BYTECODE_CACHE = "phone-bytecode";
let bytecodeKey = null;
let bytecodeKept = 0;
let bytecodeTimer = null;

async function keptBytecode(key) {
  try {
    const hit = await (await caches.open(BYTECODE_CACHE)).match(key);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (error) {
    return null; // no Cache API (or no room): the start compiles, as without it
  }
}

async function boot({ runtimeUrl, bundleUrl, host, secure }) {
  const { loadPyodide } = await import(runtimeUrl + "pyodide.mjs");
  pyodide = await loadPyodide({ indexURL: runtimeUrl });
  const response = await fetch(bundleUrl, { credentials: "same-origin" });
  if (!response.ok) throw new Error("bundle " + response.status);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/app" });
  bytecodeKey = new URL(bundleUrl + "?bytecode", self.location.href).href;
  const compiled = await keptBytecode(bytecodeKey);
  pyodide.runPython("import sys; sys.path.insert(0, '/app')");
  runtime = pyodide.pyimport("calculator.phone.runtime");
  runtime.prepare();
  if (compiled) {
    try {
      pyodide.unpackArchive(compiled, "zip", { extractDir: "/app" });
      bytecodeKept = runtime.bytecode();
    } catch (error) {
      // A kept copy that does not unpack: this start compiles, and keeps a new one.
      caches.delete(BYTECODE_CACHE).catch(() => {});
    }
  }
  runtime.boot(host, secure);
}

// After the pages asked for, once the phone is idle: the bytecode kept again if more of the
// site's Python was imported since (a page the phone had not shown yet).
function keepBytecodeLater() {
  clearTimeout(bytecodeTimer);
  bytecodeTimer = setTimeout(async () => {
    try {
      if (runtime.bytecode() <= bytecodeKept) return;
      const count = runtime.bytecode("/bytecode.zip");
      const data = pyodide.FS.readFile("/bytecode.zip");
      const cache = await caches.open(BYTECODE_CACHE);
      const older = (await cache.keys()).filter((request) => request.url !== bytecodeKey);
      await Promise.all(older.map((request) => cache.delete(request)));
      await cache.put(bytecodeKey, new Response(data, { headers: { "Content-Type": "application/zip" } }));
      bytecodeKept = count;
    } catch (error) {
      // Not kept (no Cache API, no room): the next start compiles, as without it.
    }
  }, 1000);
}

self.addEventListener("message", async (event) => {
  const asked = event.data;
  try {
    let value = null;
    if (asked.type === "boot") {
      await boot(asked);
    } else if (asked.type === "load") {
      value = runtime.load(asked.rows, asked.language);
    } else if (asked.type === "request") {
      const headers = JSON.stringify(asked.headers || {});
      value = JSON.parse(runtime.request(asked.method, asked.url, asked.body || "", headers));
      keepBytecodeLater();
    }
    self.postMessage({ id: asked.id, value });
  } catch (error) {
    self.postMessage({ id: asked.id, error: String(error) });
  }
});
