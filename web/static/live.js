// The live page: every few seconds (while the tab is shown) the page asks whether the game moved and whether
// press came, in a few bytes (/pulse). Polling, not a held connection (Server-Sent Events): each open page
// would hold one of the server's few threads for as long as it is open, and a poll every 15 s costs one
// small request. A new phase is said at the top, never reloaded over what the player is typing; a new
// message is fetched by this tab's own cursor (static/press.js), so none is skipped.
(function () {
  "use strict";
  var play = document.getElementById("play");
  var note = document.getElementById("live-note");
  if (!play || !note || !window.fetch) { return; }
  var every = 15000;
  var phase = play.dataset.phaseName;
  var adjudicated = Number(play.dataset.adjudicated || 0);

  function say(text, linkText) {
    note.textContent = text + " ";
    var link = document.createElement("a");
    link.href = window.location.pathname;
    link.textContent = linkText;
    note.appendChild(link);
    note.hidden = false;
  }

  function moved(p) {  // what happened to the phase this page was drawn for, in the right words
    if (p.adjudicated < adjudicated) {
      return "The GM rolled the game back: " + phase + " is closed and " + p.phase + " is open again.";
    }
    if (p.adjudicated > adjudicated) {
      return phase + " was adjudicated: " + p.phase + " is open.";
    }
    return "The game is at " + p.phase + " now.";
  }

  function pulse() {
    if (document.hidden) { return; }
    fetch(play.dataset.pulseUrl, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; }).then(function (p) {
        if (!p) { return; }
        if (p.phase !== phase && !document.getElementById("phase-moved")) {  // drafts.js may have said it
          say(moved(p) + " What you typed stays here until you reload.", "Show " + p.phase);
        }
        document.querySelectorAll("[data-unread-total]").forEach(function (el) {
          el.textContent = el.hasAttribute("data-short") ? String(p.unread) : p.unread + " new";
          el.hidden = !p.unread;
        });
        if (window.SengokuPress) { window.SengokuPress.pull(p.press_id); }
      }).catch(function () {});
  }

  setInterval(pulse, every);
  document.addEventListener("visibilitychange", pulse);
})();
