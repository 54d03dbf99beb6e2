// A match kept on the scorer's phone (docs/offline.md). With a connection nothing changes: the
// pages come from the server. Once the scorer chose to keep the match here, a page or a preview
// that cannot reach the server is answered by the site's own Python on the phone
// (templates/phone-worker.js: the same views, forms, engine and translations), the changes wait
// in the phone's storage (IndexedDB) with the version of the match each was made on, and are
// sent in order when the connection is back; the server checks each as it checks any other.
// No scoring rules here: this file carries requests, pages and the queue.
(function () {
  "use strict";
  if (!window.indexedDB || !window.Worker || !window.WebAssembly || !window.fetch) return;
  var SCRIPT = document.currentScript && document.currentScript.src;
  var DB = "belot-phone";
  var MATCHES = "matches";
  var POSTED = "posted"; // a form the service worker could not send (templates/sw.js)
  var SYNC_MS = 5000;
  var keyFound = location.pathname.match(/^\/m\/([A-Za-z0-9_-]+)\//);
  if (!keyFound) return;
  var key = keyFound[1];
  // What lives as long as the tab: the worker, and whether the phone answers this tab's pages
  // (kept across the pages the phone writes into this document).
  var phone = window.belotPhone;
  if (!phone) {
    phone = window.belotPhone = {
      fetch: window.fetch.bind(window), worker: null, booted: null, loaded: null,
      loadedKey: null, asked: 0, answers: {}, active: false, syncing: false, timer: null,
    };
  }

  // -- The phone's storage ------------------------------------------------------------------
  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open(DB, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(MATCHES, { keyPath: "key" });
        request.result.createObjectStore(POSTED, { keyPath: "url" });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  function stored(name, mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(name, mode);
        var request = work(transaction.objectStore(name));
        transaction.oncomplete = function () { db.close(); resolve(request.result); };
        transaction.onerror = transaction.onabort = function () { db.close(); reject(transaction.error); };
      });
    });
  }
  function read(name, id) { return stored(name, "readonly", function (s) { return s.get(id); }); }
  function write(name, value) { return stored(name, "readwrite", function (s) { return s.put(value); }); }
  function drop(name, id) { return stored(name, "readwrite", function (s) { return s.delete(id); }); }
  // Read without making the database: only the scorer's choice makes it (the service worker
  // keeps the phone's files only on a phone that has it).
  function exists() {
    if (!indexedDB.databases) return Promise.resolve(true);
    return indexedDB.databases().then(function (found) {
      return found.some(function (db) { return db.name === DB; });
    });
  }
  function record() {
    return exists().then(function (found) { return found ? read(MATCHES, key) : undefined; });
  }

  // -- The phone's Python ---------------------------------------------------------------------
  function ask(message) {
    return new Promise(function (resolve, reject) {
      message.id = ++phone.asked;
      phone.answers[message.id] = { resolve: resolve, reject: reject };
      phone.worker.postMessage(message);
    });
  }
  function answered(event) {
    var waiting = phone.answers[event.data.id];
    delete phone.answers[event.data.id];
    if (!waiting) return;
    if ("error" in event.data) waiting.reject(new Error(event.data.error));
    else waiting.resolve(event.data.value);
  }
  // Started once per tab; the match's copy loaded, then every change not yet sent made again
  // on it, in order: the phone's match is the server's as it will be once they are sent.
  function start(kept) {
    if (!phone.booted) {
      phone.worker = new Worker(kept.worker, { type: "module" });
      phone.worker.addEventListener("message", answered);
      phone.booted = ask({
        type: "boot", runtimeUrl: kept.runtime, bundleUrl: kept.bundle,
        host: location.host, secure: location.protocol === "https:",
      });
      phone.booted.catch(function () { phone.booted = null; phone.worker.terminate(); });
    }
    if (!phone.loaded || phone.loadedKey !== kept.key) {
      phone.loadedKey = kept.key;
      phone.watchKey = kept.rows[0].fields.watch_key;
      phone.loaded = phone.booted.then(function () {
        return ask({ type: "load", rows: JSON.stringify(kept.rows), language: kept.language });
      }).then(function () {
        return kept.sent.concat(kept.queue).reduce(function (done, change) {
          return done.then(function () { return local(change.method, change.url, change.body, 0); });
        }, Promise.resolve());
      });
      phone.loaded.catch(function () { phone.loaded = null; });
    }
    return phone.loaded;
  }
  function local(method, url, body, waiting, headers) {
    var sent = Object.assign({ "X-Phone-Waiting": String(waiting) }, headers || {});
    return ask({ type: "request", method: method, url: url, body: body, headers: sent });
  }

  // -- Pages the phone writes ---------------------------------------------------------------
  // The match's pages by either of its keys (the score sheet is at the watch link), and the
  // language and theme links.
  function ours(path) {
    var watch = phone.watchKey ? "/m/" + phone.watchKey + "/" : null;
    return path.indexOf("/m/" + key + "/") === 0 || (watch && path.indexOf(watch) === 0)
      || /^\/(language|theme)\//.test(path);
  }
  function show(url, html, how) {
    if (how === "push") history.pushState({ phone: true }, "", url);
    else history.replaceState({ phone: true }, "", url);
    document.open();
    document.write(html);
    document.close();
    // The new page's listeners, at once: its own copy of this script comes later (wake-lock.js
    // loads it), and a tap before then would leave for the network.
    if (phone.active) activate();
    // The phone's bar says there is no connection: not the page's own note, whose time is the
    // copy's. The QR code of the watch link is drawn by the phone too.
    var note = document.getElementById("offline-note");
    if (note) note.remove();
    Array.prototype.forEach.call(document.querySelectorAll("img.qr"), function (img) {
      var path = new URL(img.getAttribute("src"), location.href).pathname;
      local("GET", path, "", 0).then(function (answer) {
        if (answer.status === 200) {
          img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(answer.body);
        }
      });
    });
  }
  // A request the phone answers as the server would; a POST it answers with a redirect changed
  // the match (the site's every write does), and joins the queue to send.
  function go(method, url, body, how) {
    return record().then(function (kept) {
      return start(kept).then(function () {
        return local(method, url, body, kept.queue.length);
      }).then(function (answer) {
        var changed = method === "POST" && answer.status >= 300 && answer.status < 400;
        var saved = changed ? queue(kept, { method: method, url: url, body: body }) : Promise.resolve();
        return saved.then(function () {
          if (answer.location) return go("GET", answer.location, "", how);
          show(url, answer.body, how);
        });
      });
    });
  }
  function queue(kept, change) {
    kept.queue.push(change);
    return write(MATCHES, kept).then(later);
  }

  function activate() {
    phone.active = true;
    later();
    // Once per page: a page the phone writes in (document.write) has its listeners erased, but
    // not its document's own properties, so the mark is the page's body.
    if (phone.hooked === document.body) return;
    phone.hooked = document.body;
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a[href]");
      if (!link || event.defaultPrevented || event.button !== 0 || link.target) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || link.hasAttribute("download")) return;
      var url = new URL(link.href, location.href);
      if (url.origin !== location.origin || !ours(url.pathname)) return;
      if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
      event.preventDefault();
      go("GET", url.pathname + url.search, "", "push");
    });
    window.addEventListener("popstate", function (event) {
      if (phone.active && event.state && event.state.phone) {
        go("GET", location.pathname + location.search, "", "replace");
      }
    });
    window.addEventListener("online", sync);
    document.addEventListener("submit", function (event) {
      // Read as attributes: a form's fields may be named "action" (the deal form's buttons).
      var form = event.target;
      var submitter = event.submitter;
      var action = (submitter && submitter.getAttribute("formaction")) || form.getAttribute("action");
      var url = new URL(action || location.href, location.href);
      if (event.defaultPrevented || url.origin !== location.origin || !ours(url.pathname)) return;
      event.preventDefault();
      var body = new URLSearchParams(new FormData(form, submitter)).toString();
      var method = (form.getAttribute("method") || "get").toLowerCase();
      if (method === "get") go("GET", url.pathname + "?" + body, "", "push");
      else go("POST", url.pathname + url.search, body, "push");
    });
  }

  // The live preview (static/js/deal.js) and a watcher's refresh: the server while it answers,
  // else the phone.
  if (!phone.wrapped) {
    phone.wrapped = true;
    window.fetch = function (input, init) {
      var url = new URL(typeof input === "string" ? input : input.url, location.href);
      if (url.origin !== location.origin || !ours(url.pathname)) return phone.fetch(input, init);
      var asked = init || {};
      var method = (asked.method || "GET").toUpperCase();
      var viaPhone = function () {
        return record().then(function (kept) {
          if (!kept) throw new TypeError("not kept");
          activate();
          return start(kept).then(function () {
            var headers = {};
            new Headers(asked.headers || {}).forEach(function (value, name) { headers[name] = value; });
            return local(method, url.pathname + url.search, asked.body ? String(asked.body) : "",
              kept.queue.length, headers);
          });
        }).then(function (answer) {
          return new Response(answer.body, {
            status: answer.status, headers: { "Content-Type": answer.content_type },
          });
        });
      };
      return phone.active ? viaPhone() : phone.fetch(input, init).catch(viaPhone);
    };
  }

  // -- Sending the changes ------------------------------------------------------------------
  function later() {
    if (!phone.timer) phone.timer = setInterval(sync, SYNC_MS);
  }

  function token() {
    var found = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    if (found) return Promise.resolve(found[1]);
    return phone.fetch("/m/" + key + "/deal/", { credentials: "same-origin" }).then(function () {
      var again = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
      if (!again) throw new Error("no CSRF cookie");
      return again[1];
    });
  }
  // Sent in order, each with the version it was made on: the server records it only if the
  // match is still at that version. A change it did not record (the match was changed on
  // another phone) comes back as the server shows it, with what was typed; the changes after
  // it are held, to be opened one by one (heldNotice).
  function sync() {
    if (!phone.syncing) {
      phone.syncing = sendAll()
        .catch(function () { /* still no connection: the next try */ })
        .then(function () { phone.syncing = null; });
    }
    return phone.syncing;
  }
  function sendAll() {
    return record().then(function (kept) {
      if (!kept) return null;
      // Nothing to send: the copy is taken again, which also tells whether the server answers
      // (until it does, the phone keeps the pages).
      if (!kept.queue.length) return refreshed(kept);
      var change = kept.queue[0];
      return token().then(function (csrf) {
        var body = new URLSearchParams(change.body);
        body.set("csrfmiddlewaretoken", csrf);
        return phone.fetch(change.url, {
          method: "POST", body: body, credentials: "same-origin", headers: { "X-CSRFToken": csrf },
        });
      }).then(function (response) {
        return response.text().then(function (html) {
          var score = new URL(response.url).pathname === "/m/" + key + "/";
          var refused = !response.redirected || !score || /class="message (warning|error)/.test(html);
          if (refused) return conflict(kept, response.url, html);
          kept.sent.push(kept.queue.shift());
          return write(MATCHES, kept).then(sendAll);
        });
      });
    });
  }
  // Everything sent: the copy becomes the server's match as it is now.
  function refreshed(kept) {
    return phone.fetch(kept.copyUrl, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error("copy " + response.status);
      return response.json();
    }).then(function (copy) {
      kept.rows = copy.rows; kept.version = copy.version; kept.bundle = copy.bundle;
      kept.sent = [];
      return write(MATCHES, kept).then(function () { return done(kept); });
    });
  }
  function done(kept) {
    clearInterval(phone.timer);
    phone.timer = null;
    phone.active = false;
    var bar = document.querySelector(".phone-bar");
    if (bar && !kept.queue.length) bar.textContent = bar.dataset.sent;
  }
  function conflict(kept, url, html) {
    kept.queue.shift();
    kept.held = (kept.held || []).concat(kept.queue);
    kept.queue = [];
    return write(MATCHES, kept).then(function () {
      clearInterval(phone.timer);
      phone.timer = null;
      phone.active = false;
      phone.loaded = null;
      show(url, html, "push");
      return refreshed(kept);
    });
  }

  // -- This page ------------------------------------------------------------------------------
  function status(block, text) {
    var line = block.querySelector("[data-phone-status]");
    if (line) line.textContent = text;
  }
  // The scorer's choice: the match's copy, Pyodide and the site's Python downloaded now, while
  // there is a connection.
  function offer(block, kept) {
    block.hidden = false;
    if (kept) status(block, block.dataset.kept);
    var button = block.querySelector("[data-phone-keep]");
    button.hidden = !!kept;
    button.addEventListener("click", function () {
      button.disabled = true;
      status(block, block.dataset.busy);
      var fresh, files;
      phone.fetch(block.dataset.copy, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error("copy " + response.status);
        return response.json();
      }).then(function (copy) {
        files = copy.files.concat([copy.bundle, block.dataset.worker, SCRIPT]).filter(Boolean);
        fresh = {
          key: key, rows: copy.rows, version: copy.version, bundle: copy.bundle,
          runtime: copy.runtime, worker: block.dataset.worker, copyUrl: block.dataset.copy,
          language: document.documentElement.lang, queue: [], sent: [], held: [],
        };
        return write(MATCHES, fresh);
      }).then(function () {
        // Fetched now, through the service worker, which keeps them: Pyodide starts only when
        // the phone needs it (seconds of a phone's processor, docs/performance.md).
        return Promise.all(files.map(function (url) {
          return phone.fetch(url, { credentials: "same-origin" }).then(function (response) {
            if (!response.ok) throw new Error(url + " " + response.status);
            return response.arrayBuffer();
          });
        }));
      }).then(function () {
        button.hidden = true;
        status(block, block.dataset.kept);
      }).catch(function () {
        button.disabled = false;
        status(block, block.dataset.failed);
        if (fresh) drop(MATCHES, key).catch(function () {});
      });
    });
  }
  // Changes held after a conflict: each opened on the server, which shows it with what was typed.
  function heldNotice(block, kept) {
    var notice = block.querySelector("[data-phone-held]");
    if (!notice || !kept || !kept.held || !kept.held.length) return;
    // The panel opened, and brought into view: the scorer has changes to look at again.
    notice.hidden = false;
    block.open = true;
    notice.scrollIntoView({ block: "center" });
    notice.querySelector("[data-phone-count]").textContent = kept.held.length;
    notice.querySelector("button").addEventListener("click", function () {
      var change = kept.held.shift();
      write(MATCHES, kept).then(token).then(function (csrf) {
        var form = document.createElement("form");
        form.method = "post";
        form.action = change.url;
        new URLSearchParams(change.body).forEach(function (value, name) {
          var field = document.createElement("input");
          field.type = "hidden";
          field.name = name;
          field.value = name === "csrfmiddlewaretoken" ? csrf : value;
          form.appendChild(field);
        });
        document.body.appendChild(form);
        form.submit();
      });
    });
  }

  record().then(function (kept) {
    var block = document.getElementById("phone-keep");
    if (block) {
      offer(block, kept);
      heldNotice(block, kept);
    }
    if (!kept) return;
    if (document.querySelector("[data-phone-shell]")) {
      // The service worker's offline page, at this match's address: the phone takes over, and
      // a form the worker could not send is sent to the phone instead.
      var starting = document.querySelector("[data-phone-starting]");
      if (starting) starting.hidden = false;
      activate();
      return read(POSTED, location.pathname + location.search).then(function (posted) {
        if (posted) {
          return drop(POSTED, posted.url).then(function () {
            return go("POST", posted.url, posted.body, "replace");
          });
        }
        return go("GET", location.pathname + location.search, "", "replace");
      });
    }
    if (phone.active) return activate();
    // A page from the server: the changes still waiting are sent now, and a copy behind the
    // server's match (changed on another phone, or here before the copy was taken) is renewed.
    if (kept.queue.length || kept.sent.length) return activate();
    var live = document.getElementById("live");
    if (live && String(kept.version) !== live.dataset.version) return refreshed(kept);
  }).catch(function () { /* no storage: the site as without this file */ });
})();
