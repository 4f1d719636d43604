// The player's page in parts: "Map and orders", "Press" and "Game", one shown at a time (the bar at the foot
// of the screen switches them; the address's #orders, #press or #game says which). Without this script every
// part shows, one under the other. A part's own script (press.js, notify.js) loads when the part is first
// shown, so the page's first load stays light. Keys: Ctrl+Enter in the order box saves.
(function () {
  "use strict";
  var play = document.getElementById("play");
  var me = document.currentScript;
  if (!play) { return; }
  var names = ["orders", "press", "game"];
  var loaded = {};

  function load(name) {  // the part's script, once
    var src = me && me.dataset[name];
    if (!src || loaded[name]) { return; }
    loaded[name] = true;
    var script = document.createElement("script");
    script.src = src;
    document.body.appendChild(script);
  }

  function wanted() {
    var hash = location.hash.replace("#", "");
    if (hash === "press-sect") { return "press"; }
    if (hash === "orders-sect") { return "orders"; }
    return names.indexOf(hash) >= 0 ? hash : "orders";
  }

  function show(name, scroll) {
    play.dataset.section = name;
    load(name);
    document.querySelectorAll("[data-section-link]").forEach(function (a) {
      if (a.dataset.sectionLink === name) { a.setAttribute("aria-current", "true"); } else { a.removeAttribute("aria-current"); }
    });
    if (scroll) {
      var top = play.getBoundingClientRect().top + window.scrollY - 8;
      if (window.scrollY > top || name !== "orders") { window.scrollTo(0, Math.max(top, 0)); }
    }
  }

  document.addEventListener("click", function (event) {
    var skip = event.target.closest ? event.target.closest("[data-skip-to]") : null;
    if (skip && document.getElementById(skip.dataset.skipTo)) {  // the first Tab's link: Save at once, no hash
      event.preventDefault();
      document.getElementById(skip.dataset.skipTo).focus();
      return;
    }
    var link = event.target.closest ? event.target.closest("[data-section-link]") : null;
    if (!link) { return; }
    event.preventDefault();
    history.replaceState(null, "", location.pathname + location.search + "#" + link.dataset.sectionLink);
    show(link.dataset.sectionLink, true);
  });
  window.addEventListener("hashchange", function () { show(wanted(), true); });
  show(wanted(), false);
  if (new URLSearchParams(location.search).get("talk")) { load("press"); }

  var box = document.getElementById("orders"), form = document.getElementById("orders-form");
  if (box && form) {
    box.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
      }
    });
  }
})();
