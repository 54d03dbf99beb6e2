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
        .filter((name) => name !== STATIC_CACHE && name !== PAGE_CACHE)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
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
  try {
    response = await fetch(event.request);
  } catch (error) {
    const copy = kept && await caches.match(url.pathname, { cacheName: PAGE_CACHE, ignoreVary: true });
    return copy || offlinePage(url);
  }
  event.waitUntil(rememberLanguage(response));
  return kept ? keepOrDrop(url.pathname, response) : response;
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
  return page || Response.error();
}
