// Rules page: a quick find that narrows the contents to the sections and subsections that
// mention every word typed. It only filters the list of contents; the rules themselves stay as
// they are. Without JavaScript the box is not shown (site.css: .script-only) and the full
// contents list is all there is.
(function () {
  "use strict";
  var box = document.querySelector(".quick-find");
  var list = document.querySelector(".toc-list");
  if (!box || !list) return;
  var input = box.querySelector("input");
  var status = box.querySelector("[role=status]");
  var language = document.documentElement.lang;

  // Lower case, ё as е, one kind of apostrophe: "Дев'ятка" finds "дев’ятка".
  function normalize(text) {
    return text.toLocaleLowerCase(language).replace(/ё/g, "е").replace(/['ʼ`]/g, "’")
      .replace(/\s+/g, " ");
  }

  function target(link) {
    return document.getElementById(decodeURIComponent(link.hash.slice(1)));
  }

  // One entry per section: its whole text, and each subsection's text (its <h3> up to the next).
  function buildIndex() {
    var entries = [];
    Array.prototype.forEach.call(list.children, function (item) {
      var section = target(item.querySelector("a"));
      if (!section) return;
      var subs = {};
      var current = null;
      Array.prototype.forEach.call(section.children, function (child) {
        if (child.tagName === "H3" && child.id) {
          current = subs[child.id] = { text: "" };
        }
        if (current) current.text += " " + child.textContent;
      });
      var details = item.querySelector("details");
      var subItems = details ? Array.prototype.map.call(details.querySelectorAll("li"), function (li) {
        var id = decodeURIComponent(li.querySelector("a").hash.slice(1));
        return { item: li, text: normalize(subs[id] ? subs[id].text : li.textContent) };
      }) : [];
      entries.push({ item: item, details: details, text: normalize(section.textContent), subs: subItems });
    });
    return entries;
  }

  function mentions(text, words) {
    return words.every(function (word) { return text.indexOf(word) !== -1; });
  }

  var index = null;
  var openBefore = null; // which subsection lists the reader had opened before searching

  function filter() {
    index = index || buildIndex();
    var words = normalize(input.value).trim().split(" ").filter(Boolean);
    if (!words.length) {
      index.forEach(function (entry, position) {
        entry.item.hidden = false;
        entry.subs.forEach(function (sub) { sub.item.hidden = false; });
        if (entry.details && openBefore) entry.details.open = openBefore[position];
      });
      openBefore = null;
      status.textContent = "";
      return;
    }
    if (!openBefore) openBefore = index.map(function (entry) { return !!(entry.details && entry.details.open); });
    var found = 0;
    index.forEach(function (entry) {
      var shown = mentions(entry.text, words);
      var subsShown = 0;
      entry.subs.forEach(function (sub) {
        sub.item.hidden = !(shown && mentions(sub.text, words));
        if (!sub.item.hidden) subsShown += 1;
      });
      entry.item.hidden = !shown;
      if (entry.details) entry.details.open = subsShown > 0;
      if (shown) found += 1;
    });
    status.textContent = found ? box.dataset.found + " " + found : box.dataset.none;
  }

  // Enter goes to the first match: the first subsection shown, else the first section.
  function goToFirst(event) {
    if (event.key !== "Enter" || !index) return;
    var item = list.querySelector(":scope > li:not([hidden])");
    if (!item || !input.value.trim()) return;
    var link = item.querySelector("details[open] li:not([hidden]) a") || item.querySelector("a");
    event.preventDefault();
    link.click();
  }

  input.addEventListener("input", filter);
  input.addEventListener("keydown", goToFirst);
  if (input.value) filter(); // a value the browser restored on going back
})();
