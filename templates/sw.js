{% load static %}// Service worker: rules pages and the last state of open match pages stay readable offline.
// Pages always come from the network first, so a new version of the site shows up as soon as
// the phone is online again; nothing ever reloads a page by itself (a deal being typed stays).
"use strict";
const VERSION = "{{ version }}";
const STATIC_CACHE = "static-" + VERSION;
const PAGE_CACHE = "pages-v1";
const ASSETS = [{% for asset in assets %}"{{ asset }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
// The home page too: the installed app opens there (the manifest's start_url), offline as well,
// with the recent matches, whose pages were kept when they were last open.
const KEPT_PAGES = /^\/(bg|uk|ru)\/(rules\/)?$|^\/m\/[A-Za-z0-9_-]+\/$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC_CACHE).then((cache) => cache.addAll(ASSETS)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith("static-") && name !== STATIC_CACHE)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("{% get_static_prefix %}")) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
    return;
  }
  // A match page's ?game=N view is not kept: it would take the place of the page itself.
  if (KEPT_PAGES.test(url.pathname) && !url.search) {
    event.respondWith(networkFirst(request, url.pathname));
  }
});

async function networkFirst(request, path) {
  const cache = await caches.open(PAGE_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(path, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(path);
    if (kept) return kept;
    throw error;
  }
}
