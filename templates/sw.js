{% load static %}// Service worker: the rules and the watchers' match pages stay readable offline; any other page
// that cannot be loaded shows the site's own offline page, in the visitor's language.
// Pages always come from the network first, so a new version of the site shows up as soon as
// the phone is online again; nothing ever reloads a page by itself (a deal being typed stays).
//
// A scorer's link must never stay on a shared phone: no page sent with "no-store" is kept (the
// scorer's page and every page with a form: the home page with its recent matches, the deal
// pages), so it is neither shown offline nor found in the caches; a kept copy of an address that
// now answers "no-store" is dropped. "Forget this phone's matches" (the home page) empties every
// cache and the drafts.
"use strict";
const VERSION = "{{ version }}";
const STATIC_CACHE = "static-" + VERSION;
// pages-v1 (an earlier worker) kept the home page and scorer's pages: it goes on activation,
// with every other cache that is not this worker's.
const PAGE_CACHE = "pages-v2";
// A match kept on the scorer's phone (static/js/phone.js): Pyodide, the site's Python and the
// phone's scripts, fetched when the scorer chose to keep the match and kept across versions of
// this worker (the site's Python by its digest: a new one replaces the old).
const PHONE_CACHE = "phone-files";
const PHONE_OWN = /^\/phone\/(app|worker)-/;
const PHONE_STATIC = ["{% get_static_prefix %}phone/", "{% get_static_prefix %}js/phone"];
// A form the phone could not send, for a match it keeps: the phone sends it to itself instead.
const PHONE_DB = "belot-phone";
const ASSETS = [{% for asset in assets %}"{{ asset }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
const OFFLINE = { {% for code, url in offline.items %}"{{ code }}": "{{ url }}"{% if not forloop.last %}, {% endif %}{% endfor %} };
// The language of the last page shown, for the offline page of an address without one (/m/...).
const LANGUAGE_KEY = "/sw/language";
// Kept for reading offline: the rules and a match page (as long as it is not sent "no-store").
const KEPT_PAGES = /^\/(bg|uk|ru)\/rules\/$|^\/m\/[A-Za-z0-9_-]+\/$/;
// Its answer clears every cache with Clear-Site-Data, which must reach the browser unhandled.
const FORGET = /^\/(bg|uk|ru)\/forget\/$/;
let language = null;

self.addEventListener("install", (event) => {
  const pages = Object.values(OFFLINE);
  event.waitUntil(caches.open(STATIC_CACHE).then((cache) => cache.addAll(ASSETS.concat(pages))));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name !== STATIC_CACHE && name !== PAGE_CACHE && name !== PHONE_CACHE)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const phoneFile = PHONE_OWN.test(url.pathname)
    || PHONE_STATIC.some((prefix) => url.pathname.startsWith(prefix));
  if (request.method === "GET" && phoneFile) {
    event.respondWith(keptOnPhone(request, url));
    return;
  }
  if (request.method === "GET" && url.pathname.startsWith("{% get_static_prefix %}")) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
    return;
  }
  // A match page's ?game=N view is not kept: it would take the place of the page itself.
  const kept = request.method === "GET" && KEPT_PAGES.test(url.pathname) && !url.search;
  if (request.mode === "navigate" && !FORGET.test(url.pathname)) {
    event.respondWith(navigate(event, url, kept));
  } else if (kept) {  // a watcher's page fetching itself anew (static/js/match.js)
    event.respondWith(fetch(request).then((response) => keepOrDrop(url.pathname, response)));
  }
});

async function navigate(event, url, kept) {
  let response;
  const posted = event.request.method === "POST" ? event.request.clone() : null;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const copy = kept && await caches.match(url.pathname, { cacheName: PAGE_CACHE, ignoreVary: true });
    if (posted) await keepPosted(posted, url).catch(() => {});
    return copy || offlinePage(url);
  }
  event.waitUntil(rememberLanguage(response));
  return kept ? keepOrDrop(url.pathname, response) : response;
}

async function keptOnPhone(request, url) {
  const cache = await caches.open(PHONE_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && await phoneKeeps()) {
    const own = url.pathname.match(PHONE_OWN);
    if (own) {  // the site's Python or the worker, by digest: the one before it goes
      const older = (await cache.keys()).filter((kept) => new URL(kept.url).pathname.startsWith("/phone/" + own[1] + "-"));
      await Promise.all(older.map((kept) => cache.delete(kept)));
    }
    await cache.put(request, response.clone());
  }
  return response;
}

// Whether the scorer chose to keep a match on this phone (static/js/phone.js makes the database
// only then): the phone's files are kept only on such a phone.
async function phoneKeeps() {
  if (!self.indexedDB || !indexedDB.databases) return false;
  const found = await indexedDB.databases();
  return found.some((db) => db.name === PHONE_DB);
}

async function keepPosted(request, url) {
  if (!/^\/m\/[A-Za-z0-9_-]+\//.test(url.pathname) || !(await phoneKeeps())) return;
  const body = await request.text();
  const db = await new Promise((resolve, reject) => {
    const opened = indexedDB.open(PHONE_DB, 1);
    opened.onsuccess = () => resolve(opened.result);
    opened.onerror = () => reject(opened.error);
  });
  await new Promise((resolve, reject) => {
    const transaction = db.transaction("posted", "readwrite");
    transaction.objectStore("posted").put({ url: url.pathname + url.search, body: body });
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
  });
  db.close();
}

function noStore(response) {
  return /no-store/i.test(response.headers.get("Cache-Control") || "");
}

async function keepOrDrop(path, response) {
  const cache = await caches.open(PAGE_CACHE);
  if (noStore(response)) {
    await cache.delete(path);
  } else if (response.ok) {
    await cache.put(path, response.clone());
  }
  return response;
}

async function rememberLanguage(response) {
  const spoken = response.headers.get("Content-Language");
  if (!(spoken in OFFLINE) || spoken === language) return;
  language = spoken;
  const cache = await caches.open(STATIC_CACHE);
  await cache.put(LANGUAGE_KEY, new Response(spoken));
}

async function lastLanguage() {
  if (language) return language;
  const kept = await caches.match(LANGUAGE_KEY, { cacheName: STATIC_CACHE });
  return kept ? kept.text() : null;
}

async function offlinePage(url) {
  const prefix = url.pathname.split("/")[1];
  const code = prefix in OFFLINE ? prefix : (await lastLanguage()) || "{{ default_language }}";
  const page = await caches.match(OFFLINE[code] || OFFLINE["{{ default_language }}"], {
    cacheName: STATIC_CACHE, ignoreVary: true,
  });
  if (!page) return Response.error();
  return (prefix === "m" && await phoneShell(page)) || page;
}

// At a match's address, on a phone that keeps a match: the offline page with the phone's script,
// which takes over if this is the match it keeps (static/js/phone.js).
async function phoneShell(page) {
  if (!(await phoneKeeps())) return null;
  const cache = await caches.open(PHONE_CACHE);
  const script = (await cache.keys()).map((request) => new URL(request.url).pathname)
    .find((path) => /\/js\/phone\.([0-9a-f]+\.)?js$/.test(path));
  if (!script) return null;
  const html = await page.clone().text();
  const tag = `<script src="${script}" defer></script>\n</body>`;
  return new Response(html.replace("</body>", tag), { headers: page.headers });
}
