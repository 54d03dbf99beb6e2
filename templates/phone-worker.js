// The scorer's phone keeps the score without a connection: the site's own Python (the match
// pages, their forms, the engine, the translations) runs here, in Pyodide, off the page's
// thread (calculator/phone/runtime.py, docs/offline.md). No scoring rules in JavaScript: this
// file only carries messages between the page (static/js/phone.js) and that Python.
let pyodide = null;
let runtime = null;

async function boot({ runtimeUrl, bundleUrl, host, secure }) {
  const { loadPyodide } = await import(runtimeUrl + "pyodide.mjs");
  pyodide = await loadPyodide({ indexURL: runtimeUrl });
  const response = await fetch(bundleUrl, { credentials: "same-origin" });
  if (!response.ok) throw new Error("bundle " + response.status);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/app" });
  pyodide.runPython("import sys; sys.path.insert(0, '/app')");
  runtime = pyodide.pyimport("calculator.phone.runtime");
  runtime.boot(host, secure);
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
    }
    self.postMessage({ id: asked.id, value });
  } catch (error) {
    self.postMessage({ id: asked.id, error: String(error) });
  }
});
